// npm run lab -- <up|engineer <file.conf>|exec <command…>|status|link <gwa|gwb> <up|down>|down> (issue 34): the
// WireGuard lab in network namespaces (topology.mjs), joined to a running backend (`npm run dev` by default; --api,
// --vpn-api, --emulator or PONTE_LAB_API / PONTE_LAB_VPN_API / FIREBASE_AUTH_EMULATOR_HOST for another). Linux, root.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { bringUp } from './up.mjs';
import { cannotRun, NS, readState, run } from './net.mjs';
import { engineerUp } from './engineer.mjs';
import { hubSideOf, teardown } from './topology.mjs';

const USAGE = `uso: npm run lab -- <comando>
  up [--api URL] [--vpn-api URL] [--emulator HOST:PORTA]   monta o laboratório e o liga ao backend (npm run dev)
  engineer <perfil.conf>                                  sobe o perfil WireGuard no namespace do engenheiro (plab-eng)
  exec <comando…>                                         roda um comando no namespace do engenheiro
  status                                                  interfaces WireGuard, namespaces e processos do laboratório
  link <gwa|gwb> <up|down>                                liga/desliga o enlace do gateway de uma fábrica
  down                                                    remove tudo o que o laboratório criou`;

const [command, ...rest] = process.argv.slice(2);

function requireLab() {
  const why = cannotRun();
  if (why) {
    console.error(`npm run lab: ${why}`);
    process.exit(1);
  }
}

async function main() {
  switch (command) {
    case 'up': {
      requireLab();
      const { values } = parseArgs({
        args: rest,
        options: { api: { type: 'string' }, 'vpn-api': { type: 'string' }, emulator: { type: 'string' } },
      });
      await bringUp({ api: values.api, vpnApi: values['vpn-api'], emulator: values.emulator });
      return 0;
    }
    case 'engineer': {
      requireLab();
      const file = rest[0];
      if (!file || !existsSync(file)) {
        console.error(`npm run lab -- engineer <perfil.conf>: arquivo ${file ?? '(nenhum)'} não encontrado.`);
        return 1;
      }
      engineerUp(readFileSync(file, 'utf8'));
      return 0;
    }
    case 'exec': {
      requireLab();
      if (rest.length === 0) {
        console.error('npm run lab -- exec <comando…>: informe o comando.');
        return 1;
      }
      const result = spawnSync('ip', ['netns', 'exec', NS.eng, ...rest], { stdio: 'inherit' });
      return result.status ?? 1;
    }
    case 'status': {
      requireLab();
      const state = readState();
      console.log(`namespaces: ${(state.namespaces ?? []).join(', ') || '(nenhum)'}`);
      if (state.hub) console.log(`hub: ${state.hub.id} (pid ${state.hub.pid}, log ${state.hub.log})`);
      for (const machine of state.machines ?? []) {
        console.log(`máquina ${machine.name}: LAN ${machine.lanSubnet}, túnel ${machine.tunnelSubnet} (${machine.ns})`);
      }
      // Only the lab's interfaces (`wg show all` would list every namespace's).
      for (const name of state.interfaces ?? []) {
        console.log(run('wg', ['show', name], { check: false }).stdout || `${name}: fora do ar`);
      }
      return 0;
    }
    case 'link': {
      requireLab();
      const [which, to] = rest;
      const ns = which === 'gwa' ? NS.gwa : which === 'gwb' ? NS.gwb : null;
      if (!ns || (to !== 'up' && to !== 'down')) {
        console.error('npm run lab -- link <gwa|gwb> <up|down>');
        return 1;
      }
      run('ip', ['netns', 'exec', NS.hub, 'ip', 'link', 'set', hubSideOf(ns), to]);
      console.log(`enlace de ${ns} ${to === 'up' ? 'ligado' : 'desligado'}.`);
      return 0;
    }
    case 'down':
      requireLab();
      teardown();
      return 0;
    default:
      console.log(USAGE);
      return command ? 1 : 0;
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`npm run lab: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
