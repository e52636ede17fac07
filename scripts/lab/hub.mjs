// How the lab starts the hub program (dist-hub/ponte-hub.mjs, `npm run build:hub`): in the root namespace (it
// reaches the VPN API on 127.0.0.1), its network commands and wireguard-go in plab-hub (`netns`).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { IFACE, NS, WG_ENV, HUB_ENDPOINT } from './net.mjs';

/** The built hub (`npm run build:hub`); PONTE_LAB_HUB_BUNDLE for another build. */
export const HUB_BUNDLE = process.env.PONTE_LAB_HUB_BUNDLE ?? 'dist-hub/ponte-hub.mjs';

/** Throws when the hub has not been built. */
export function requireHubBundle(root) {
  const bundle = resolve(root, HUB_BUNDLE);
  if (!existsSync(bundle)) throw new Error(`${HUB_BUNDLE} não existe: rode \`npm run build:hub\` antes.`);
  return bundle;
}

/** The command line and environment of the lab's hub. */
export function hubProcess({ root, hubDir, hubId, token, vpnApi }) {
  const bundle = requireHubBundle(root);
  mkdirSync(hubDir, { recursive: true, mode: 0o700 });
  const tokenFile = join(hubDir, 'credential');
  writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
  // See src/hub/config.ts. Quick polls and reports: the lab measures how fast a grant or an end takes effect.
  const config = {
    apiUrl: vpnApi,
    hubId,
    tokenFile,
    interface: IFACE.hub,
    listenPort: HUB_ENDPOINT.port,
    netns: NS.hub,
    stateDir: hubDir,
    implementation: 'wireguard-go',
    pollIntervalMs: 500,
    reportIntervalMs: 1000,
  };
  const configFile = join(hubDir, 'config.json');
  writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  return { args: [process.execPath, bundle, '--config', configFile], env: WG_ENV };
}
