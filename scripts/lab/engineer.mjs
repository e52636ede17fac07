// The engineer's side of the lab: a downloaded profile brought up as `pleng` in plab-eng (any `DNS =` line dropped:
// the namespace has no resolver to set), replacing the one up before.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { IFACE, inNs, NS, STATE_DIR, updateState } from './net.mjs';

export const engineerConf = () => join(STATE_DIR, `${IFACE.eng}.conf`);

/** Takes the engineer's interface down (when up). */
export function engineerDown() {
  const conf = engineerConf();
  if (existsSync(conf)) inNs(NS.eng, ['wg-quick', 'down', conf], { check: false });
  updateState((state) => {
    state.wgQuick = (state.wgQuick ?? []).filter((entry) => entry.conf !== conf);
  });
}

/** Brings `text` (a wg-quick file) up in plab-eng; returns the interface's address. */
export function engineerUp(text) {
  engineerDown();
  const cleaned = text
    .split(/\r?\n/)
    .filter((line) => !/^\s*DNS\s*=/i.test(line))
    .join('\n');
  const conf = engineerConf();
  writeFileSync(conf, cleaned, { mode: 0o600 });
  updateState((state) => {
    state.wgQuick = [...(state.wgQuick ?? []), { ns: NS.eng, conf }];
    state.interfaces = [...new Set([...(state.interfaces ?? []), IFACE.eng])];
  });
  inNs(NS.eng, ['wg-quick', 'up', conf]);
  const address = /^\s*Address\s*=\s*([^\s,]+)/m.exec(cleaned)?.[1] ?? '?';
  console.log(`perfil do engenheiro no ar: ${IFACE.eng} (${address}) em ${NS.eng}.`);
  return address;
}
