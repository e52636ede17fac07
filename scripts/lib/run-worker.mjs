// One Worker of src/server in local workerd + D1 through wrangler's startWorker API, for the e2e suite, the budget
// and the benches: what `wrangler dev` does, without two things they do not need — the devtools inspector, which
// relays every request and every D1 query of the Worker to Node (about half of a list request's time, measured
// here: /customer 21 → 12 ms, /machine 24 → 14 ms) and the file watcher (a rebuild restarts the Worker under a
// request). Run by scripts/lib/workers.mjs with the Worker's folder as working directory (wrangler resolves the
// config's paths from there); PONTE_WORKER holds { port, persistTo, vars }. SIGINT/SIGTERM stop it.
import { unstable_startWorker } from 'wrangler';

const { port, persistTo, vars } = JSON.parse(process.env.PONTE_WORKER ?? '{}');
const worker = await unstable_startWorker({
  config: 'wrangler.jsonc',
  bindings: Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, { type: 'plain_text', value }])),
  sendMetrics: false,
  dev: { inspector: false, watch: false, liveReload: false, persist: persistTo, logLevel: 'warn', server: { hostname: '127.0.0.1', port } },
});
await worker.ready;

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  worker.dispose().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
