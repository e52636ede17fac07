// The end-to-end suite's backend (Playwright's webServer): both Workers in demo mode (scripts/lib/run-worker.mjs), on their
// own ports (E2E_API_PORT, default 8797; E2E_VPN_API_PORT, default 8798 — not :8787/:8788, so a run never resets
// the data of an `npm run dev` beside it), on a local D1 in a throwaway folder (migrations applied, the demo seed
// loaded), CORS open to the e2e build's origins (E2E_PORT). Runs until SIGINT/SIGTERM, then deletes the folder.
import { startDemoBackend } from './lib/workers.mjs';

const apiPort = Number(process.env.E2E_API_PORT ?? 8797);
const vpnPort = Number(process.env.E2E_VPN_API_PORT ?? 8798);
// The demo payment platform: E2E_PAY_PORT, default the VPN's port + 1 (8799).
const payPort = Number(process.env.E2E_PAY_PORT ?? vpnPort + 1);
const appPort = Number(process.env.E2E_PORT ?? 4173);

let backend = null;
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  await backend?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  const started = Date.now();
  backend = await startDemoBackend({ apiPort, vpnPort, payPort, appPorts: [appPort] });
  for (const child of backend.children) {
    child.on('exit', (exitCode) => {
      if (!stopping) {
        console.error(`[e2e] um Worker parou (código ${exitCode}).`);
        void stop(1);
      }
    });
  }
  console.log(`[e2e] Workers em :${apiPort} e :${vpnPort}, pagamento em :${payPort} (D1 em ${backend.persistTo}), prontos em ${Date.now() - started} ms`);
} catch (error) {
  console.error(`[e2e] ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}
