// `npm run bench:api`: the API's speed on the large demo seed, local workerd + D1 (the main Worker through wrangler's
// startWorker API without the inspector, as the other scripts run it; a database of its own in a temporary folder),
// loopback only, bounded (a fixed count of requests per measure, one 60-second mixed run).
//
// 1. Lists — Máquinas, Dispositivos, Clientes, Pedidos: first page, a search, page 50 — at ONE client: p50 and p99
//    latency (loopback HTTP included: an upper bound of the server's time). Goal (issue 39): p50 ≤ 15 ms and
//    p99 ≤ 50 ms each; every measure prints its verdict and the run's exit status is these verdicts (any error fails).
// 2. The same at 20 clients: requests/s and latency, printed as information only (on one local workerd they measure
//    queueing on the machine's cores, not the API).
// 3. Mixed: 60 s at 20 clients, 4 reads to 1 write (a machine model created with an Idempotency-Key); then every
//    record a 201 answered is read back. Its figures are information; an error or a lost write fails the run (a
//    correctness check, not a speed goal).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { applyMigrations, emulatorToken, startWorker } from './lib/workers.mjs';

const PORT = Number(process.env.BENCH_API_PORT ?? 8797);
const BASE = `http://127.0.0.1:${PORT}`;
const GOAL = { p50: 15, p99: 50 };
const MIXED_SECONDS = Number(process.env.BENCH_API_MIXED_SECONDS ?? 60);
const CUSTOMER_UID = 'demo-cliente-maria';

const AUTH = { Authorization: `Bearer ${emulatorToken(CUSTOMER_UID, 'cliente@example.com')}` };

const state = mkdtempSync(join(tmpdir(), 'ponte-bench-api-'));
let server;
let failed = false;

function cleanUp() {
  if (server && server.exitCode === null) server.kill('SIGTERM');
  rmSync(state, { recursive: true, force: true });
}
process.on('exit', cleanUp);
process.on('SIGINT', () => process.exit(130));

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ url: BASE, headers: AUTH, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const ms = (value) => `${value.toFixed(1).padStart(6)} ms`;

const LISTS = [
  ['Máquinas', '/machine', 'ih-450'],
  ['Dispositivos', '/device', 'ponte'],
  ['Clientes', '/customer', 'metal'],
  ['Pedidos', '/order', '100'],
];

const verdictOf = (p50, p99, errors) => (errors > 0 ? `FALHOU (${errors} erros)` : p50 <= GOAL.p50 && p99 <= GOAL.p99 ? 'ok' : 'FALHOU');

async function measureLists() {
  const measures = LISTS.flatMap(([label, path, term]) => [
    [`${label}, primeira página`, `${path}`],
    [`${label}, busca "${term}"`, `${path}?q=${encodeURIComponent(term)}`],
    [`${label}, página 50`, `${path}?page=50`],
  ]);
  console.log(`\n[bench:api] objetivo a 1 cliente (cada lista, busca e página distante): p50 ≤ ${GOAL.p50} ms, p99 ≤ ${GOAL.p99} ms`);
  for (const [what, url] of measures) {
    const result = await run({ url: `${BASE}${url}`, connections: 1, amount: 200 });
    const errors = result.errors + result.non2xx + result.timeouts;
    const { p50, p99 } = result.latency;
    const verdict = verdictOf(p50, p99, errors);
    if (verdict !== 'ok') failed = true;
    console.log(`  ${what.padEnd(36)} p50 ${ms(p50)} (≤ ${GOAL.p50})   p99 ${ms(p99)} (≤ ${GOAL.p99})   ${verdict}`);
  }
  console.log('\n[bench:api] 20 clientes (informação: vazão numa só instância local do workerd, não entra no veredito)');
  for (const [what, url] of measures) {
    const result = await run({ url: `${BASE}${url}`, connections: 20, amount: 1000 });
    const errors = result.errors + result.non2xx + result.timeouts;
    const { p50, p99 } = result.latency;
    console.log(`  ${what.padEnd(36)} ${String(Math.round(result.requests.average)).padStart(5)} req/s   p50 ${ms(p50)}   p99 ${ms(p99)}${errors ? `   ${errors} erros` : ''}`);
  }
}

async function measureMixed() {
  const created = [];
  let writes = 0;
  const modelBody = () =>
    JSON.stringify({
      name: `Bench ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      manufacturer: 'Ponte Bench',
      category: 'Teste de carga',
      description: '',
      services: [],
    });
  const reads = ['/machine?q=cc-5', '/device?page=7', '/customer?sort=-name', '/machine?page=30'];
  const result = await run({
    connections: 20,
    duration: MIXED_SECONDS,
    requests: [
      ...reads.map((path) => ({ method: 'GET', path })),
      {
        method: 'POST',
        path: '/machine-model',
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, ...AUTH, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
          body: modelBody(),
        }),
        onResponse: (status, body) => {
          writes += 1;
          if (status === 201) created.push(JSON.parse(body).id);
        },
      },
    ],
  });
  const errors = result.errors + result.non2xx + result.timeouts;
  let lost = 0;
  for (const id of created) {
    const response = await fetch(`${BASE}/machine-model/${id}`, { headers: AUTH });
    if (response.status !== 200) lost += 1;
  }
  const { p50, p99 } = result.latency;
  console.log(
    `\n[bench:api] misto ${MIXED_SECONDS} s, 20 clientes (4 leituras : 1 criação): ${result.requests.total} requisições, ` +
      `${Math.round(result.requests.average)} req/s, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; ` +
      `${created.length} de ${writes} criações relidas, ${errors} erros, ${lost} perdidas`,
  );
  if (errors > 0 || lost > 0 || created.length !== writes) {
    failed = true;
    console.log('[bench:api] misto: FALHOU (erros ou criações perdidas)');
  }
}

applyMigrations(state);
server = await startWorker('main', { port: PORT, persistTo: state, lean: true });
const seeding = Date.now();
const reset = await fetch(`${BASE}/demo/reset?seed=large`, { method: 'POST', headers: AUTH });
if (reset.status !== 204) {
  console.error(`[bench:api] POST /demo/reset?seed=large respondeu ${reset.status}: ${await reset.text()}`);
  process.exit(1);
}
console.log(`[bench:api] semente grande carregada em ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
await measureLists();
await measureMixed();
console.log(failed ? '\n[bench:api] FALHOU' : '\n[bench:api] ok: todas as medidas a 1 cliente dentro do objetivo');
process.exit(failed ? 1 : 0);
