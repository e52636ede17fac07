// `npm run lab -- up`: the namespaces (topology.mjs), then the real pieces against a running backend — the hub record
// "Laboratório" (10.201.0.1:51820) and its credential, the two lab gateways moved to it, the hub program in plab-hub,
// the gateways' downloaded wg-quick files up in their namespaces, and the PLC simulators named after their machines.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  backendFrom,
  builderAccount,
  downloadGateway,
  ensureHub,
  getHub,
  getMachine,
  issueCredential,
  moveGateway,
  signIn,
  staffAccount,
} from './backend.mjs';
import { hubProcess, requireHubBundle } from './hub.mjs';
import { IFACE, inNs, NS, poll, STATE_DIR, spawnInNs, updateState, writeState, readState } from './net.mjs';
import { loadLabSeed } from './seed.mjs';
import { buildTopology, teardown } from './topology.mjs';

const root = resolve(import.meta.dirname, '..', '..');

/** The lab's two machines as the seed names them (LAB_FACTORIES: machineId, deviceId…), factories A and B. */
export async function labMachineIds() {
  const seed = await loadLabSeed();
  const list = seed.LAB_FACTORIES;
  if (!Array.isArray(list) || list.length < 2) throw new Error('src/seed/lab.ts não exporta as duas fábricas do laboratório.');
  return list.slice(0, 2);
}

const step = (text) => console.log(`[lab] ${text}`);

/** Builds everything; on a failure removes what it made and throws. */
export async function bringUp(options = {}) {
  const backend = backendFrom(options);
  if ((readState().namespaces ?? []).length > 0) throw new Error('o laboratório já está no ar: `npm run lab -- down` antes.');
  writeState({ namespaces: [], processes: [], wgQuick: [], interfaces: [], hub: null, backend, machines: [] });
  try {
    await bringUpSteps(backend);
  } catch (error) {
    console.error(`[lab] falhou: ${error instanceof Error ? error.message : String(error)} — removendo o que foi criado.`);
    teardown({ log: () => undefined });
    throw error;
  }
}

async function bringUpSteps(backend) {
  const started = Date.now();
  requireHubBundle(root);
  const seedMachines = await labMachineIds();
  const staff = await signIn(backend, staffAccount().email);
  // The demo builder owns both lab machines.
  const builderEmail = builderAccount().email;
  const builder = await signIn(backend, builderEmail);

  const machines = [];
  for (const [index, entry] of seedMachines.entries()) {
    const machine = await getMachine(backend, builder, entry.machineId);
    const deviceId = entry.deviceId ?? machine.deviceId;
    if (!deviceId) throw new Error(`a máquina ${machine.name} não tem gateway.`);
    if (!machine.tunnelSubnet) throw new Error(`a máquina ${machine.name} não tem sub-rede de túnel.`);
    const [gw, plc, iface] = index === 0 ? [NS.gwa, NS.plca, IFACE.gwa] : [NS.gwb, NS.plcb, IFACE.gwb];
    machines.push({
      id: machine.id,
      name: machine.name,
      deviceId,
      lanSubnet: machine.lanSubnet,
      tunnelSubnet: machine.tunnelSubnet,
      ns: gw,
      plcNs: plc,
      iface,
    });
  }

  buildTopology();
  step('namespaces e enlaces prontos.');

  const hub = await ensureHub(backend, staff);
  const token = await issueCredential(backend, staff, hub.id);
  for (const machine of machines) await moveGateway(backend, staff, hub.id, machine.deviceId);
  step(`hub "${hub.name}" (${hub.id}) com credencial nova; gateways movidos para ele.`);

  const hubDir = join(STATE_DIR, 'hub');
  const { args, env } = hubProcess({ root, hubDir, hubId: hub.id, token, vpnApi: backend.vpnApi });
  const log = join(STATE_DIR, 'hub.log');
  const pid = spawnInRoot(args, log, env);
  updateState((state) => {
    state.hub = { id: hub.id, pid, log, dir: hubDir };
    state.processes.push({ pid, match: 'ponte-hub' });
    state.interfaces = [...new Set([...(state.interfaces ?? []), IFACE.hub])];
  });
  // The hub's key (its log's "started" line), then the API showing it: a reused record may hold an older key.
  const registered = await poll(
    async () => {
      const publicKey = hubPublicKey(log);
      if (!publicKey) return null;
      const current = await getHub(backend, staff, hub.id).catch(() => null);
      return current?.publicKey === publicKey && current.appliedVersion ? current : null;
    },
    { timeoutMs: 30_000, everyMs: 250 },
  );
  if (!registered) throw new Error(`o hub não se registrou em 30 s (veja ${log}).`);
  step(`hub no ar: chave ${registered.publicKey}, estado ${registered.appliedVersion}.`);

  for (const machine of machines) {
    const text = await downloadGateway(backend, builder, machine.deviceId);
    const conf = join(STATE_DIR, `${machine.iface}.conf`);
    writeFileSync(conf, text, { mode: 0o600 });
    updateState((state) => {
      state.wgQuick.push({ ns: machine.ns, conf });
      state.interfaces = [...new Set([...(state.interfaces ?? []), machine.iface])];
    });
    inNs(machine.ns, ['wg-quick', 'up', conf]);
    const plcLog = join(STATE_DIR, `${machine.plcNs}.log`);
    const plcPid = spawnInNs(machine.plcNs, [process.execPath, join(root, 'scripts/lab/plc.mjs'), '--name', machine.name], plcLog);
    updateState((state) => state.processes.push({ pid: plcPid, match: 'plc.mjs' }));
    step(`${machine.name}: gateway ${machine.iface} em ${machine.ns}, CLP em ${machine.plcNs} (LAN ${machine.lanSubnet} → túnel ${machine.tunnelSubnet}).`);
  }
  updateState((state) => {
    state.machines = machines;
    state.builder = builderEmail;
  });
  step(`pronto em ${((Date.now() - started) / 1000).toFixed(1)} s. Próximo: "Conectar" no portal, depois \`npm run lab -- engineer <perfil.conf>\`.`);
}

/** The public key the hub logged when it started, or null before that. */
function hubPublicKey(log) {
  if (!existsSync(log)) return null;
  for (const line of readFileSync(log, 'utf8').split('\n').reverse()) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line);
      if (entry.event === 'started' && entry.publicKey) return entry.publicKey;
    } catch {
      // a partial line
    }
  }
  return null;
}

/** A background process in the root namespace (the hub reaches the API on 127.0.0.1 from there). */
function spawnInRoot(args, log, env) {
  return spawnInNs(null, args, log, env);
}
