// npm run bench: the large demo seed (10 000 more machines and gateways with history) at 4× CPU throttling in real
// Chromium, against the production build with the demo and the two Workers in demo mode on a local D1 of their own
// (scripts/lib/workers.mjs startDemoBackend: ports 8817/8818 or the next free ones), signed in as the demo customer. For
// each list (Máquinas, Dispositivos, Clientes), median and worst of 10:
//   - first rows: a full load of the list's URL (navigation start → first data rows painted);
//   - search as you type: a few characters typed (one every 100 ms, under the search box's debounce); the search
//     sent (`SEARCH_DEBOUNCE_MS` after the last keystroke, read from src/components/ui/search-input.tsx) → the new
//     rows painted; and each keystroke → the search box painted;
//   - next page: a click on "Próxima página" → the new rows painted;
//   - long tasks (PerformanceObserver 'longtask', > 50 ms) during those interactions.
// "Painted" is the first frame after the DOM shows the rows (requestAnimationFrame, then a message after it).
// Every figure includes the Workers' real answer time over loopback (printed apart in "onde vai o tempo").
// Goals (docs/quality.md): each interaction's median painted within 100 ms, no long task over 50 ms during them; the
// first open of Máquinas with the large seed paints its rows within 1.5 s, no long task over 100 ms. Each is printed
// with its verdict, not failed: on this shared, noisy machine the run fails (exit 1) only when an interaction takes
// over 300 ms.
// An interaction over that line is measured once more (another page, a spare query), as the end-to-end suite
// retries a failed test once in CI: a stall of the machine (other tenants' CPU, shown as "CPU roubada") crosses it
// once, a slow screen crosses it again. The run fails when a repeat crosses the line too, or when the median does.
//
//   node scripts/bench.mjs [--port 4186] [--runs 10] [--cpu 4] [--keep] [--dist <dir>] [--only machines,devices] [--trace]
//   (--trace: after the measures, 3 more searches and pages per list recorded in Chromium's trace, and the time after
//   the Workers' answer split by kind of work — JavaScript, style, layout, paint —: scripts/lib/bench-trace.mjs)
//   (--dist measures an existing demo build made for the bench's Workers — VITE_API_URL=http://localhost:8817,
//   VITE_VPN_API_URL=http://localhost:8818 — instead of building into dist-bench/; --keep leaves dist-bench/)
// The in-page instruments are scripts/lib/bench-page.mjs, the steps and figures scripts/lib/bench-steps.mjs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { requireChromium } from './lib/chromium.mjs';
import { buildApp, cleanEnv, ensureEmulator, freePort, LAUNCH_OPTIONS, main, onCleanup, parseArgs, removeOnExit, ROOT, serveDist, table } from './lib/quality.mjs';
import { startDemoBackend } from './lib/workers.mjs';
import { instrument } from './lib/bench-page.mjs';
import { traced, TRACE_KINDS } from './lib/bench-trace.mjs';
import {
  ACCOUNT,
  cpuTimes,
  ensureNextPage,
  load,
  longTasksBetween,
  median,
  ms,
  nextPage,
  pct,
  search,
  seedCounts,
  settle,
  signIn,
  sleep,
  stealShare,
  worst,
} from './lib/bench-steps.mjs';

const args = parseArgs();
const RUNS = Math.max(1, Number(args.runs ?? 10));
const CPU_RATE = Number(args.cpu ?? 4);
const preferredPort = Number(args.port ?? process.env.BENCH_PORT ?? 4186);
const GOAL_MS = 100;
const LONG_TASK_GOAL_MS = 50;
const FAIL_MS = 300;
/** The first open of Máquinas with the large seed: rows painted within this, no long task over FIRST_LONG_TASK_MS. */
const FIRST_OPEN_MS = 1500;
const FIRST_LONG_TASK_MS = 100;
const TRACE_RUNS = 3;
/** At most this many repeats per measure (an interaction over FAIL_MS measured once more). */
const MAX_REPEATS = 3;

/**
 * The three lists; `queries`: what is typed, one per run, each with results and a result set of its own; `spares`:
 * more of them, for repeats; `traced`: more again, for --trace.
 */
const LISTS = [
  {
    id: 'machines',
    title: 'Máquinas',
    path: '/portal/machines',
    api: /\/machine\?/,
    queries: ['ih-450 #01', 'ev-12 #02', 'cu-800 #03', 'fc-30 #04', 'ex-90 #05', 'ph-200 #06', 'rt-6 #07', 'cc-5 #08', 'lote-0099', 'lote-00777'],
    spares: ['lote-00123', 'ex-90 #09', 'lote-00456'],
    traced: ['lote-00321', 'lote-00654', 'lote-00888'],
  },
  {
    id: 'devices',
    title: 'Dispositivos',
    path: '/portal/devices',
    api: /\/device\?/,
    queries: ['l00012', 'l00123', 'l00234', 'l00345', 'l00456', 'l00567', 'l00678', 'l00789', 'l00890', 'l00901'],
    spares: ['l00111', 'l00222', 'l00333'],
    traced: ['l00444', 'l00555', 'l00666'],
  },
  {
    id: 'customers',
    title: 'Clientes',
    path: '/portal/customers',
    api: /\/customer\?/,
    queries: ['metal', 'alimen', 'plast', 'textil', 'ceram', 'bebid', 'frigo', 'latic', 'embal', 'moveis'],
    spares: ['cimento', 'couro', 'madeir'],
    traced: ['papel', 'vidra', 'quimic'],
  },
];

async function throttle(page, session) {
  await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  return page;
}

async function measureList(page, session, origin, list) {
  const out = {
    id: list.id,
    title: list.title,
    loads: [],
    pages: [],
    searches: [],
    keys: [],
    pageRepeats: [],
    searchRepeats: [],
    longTasks: [],
    loadLongTasks: [],
    steal: null,
  };
  const cpuBefore = cpuTimes();
  const url = `${origin}${list.path}`;
  // 1. First rows: full loads.
  for (let run = 0; run < RUNS; run += 1) {
    await throttle(page, session);
    const result = await load(page, url);
    out.loads.push(result.firstRowsAt);
    if (run === RUNS - 1) out.loadLongTasks = await longTasksBetween(page, 0, result.firstRowsAt);
  }
  await settle(page);
  await sleep(1000);

  // 2. Next page, 10 times (pages not seen yet: a new sort when the last page is reached).
  const seenSorts = new Set([new URL(page.url()).searchParams.get('sort') ?? '']);
  for (let run = 0; run < RUNS; run += 1) {
    await ensureNextPage(page, seenSorts);
    const result = await nextPage(page, list);
    out.pages.push(result);
    out.longTasks.push(...(await longTasksBetween(page, result.start, result.end)));
    await settle(page);
  }

  // 2b. A next page over the line measured once more (another page).
  const slowPages = out.pages.filter((item) => item.total > FAIL_MS).length;
  for (let run = 0; run < Math.min(slowPages, MAX_REPEATS); run += 1) {
    await ensureNextPage(page, seenSorts);
    out.pageRepeats.push(await nextPage(page, list));
    await settle(page);
  }

  // 3. Search as you type, 10 queries.
  for (const text of list.queries.slice(0, RUNS)) {
    const result = await search(page, list, text);
    out.searches.push(result);
    out.keys.push(...result.keys);
    out.longTasks.push(...(await longTasksBetween(page, result.start, result.end)));
    await settle(page);
  }

  // 3b. A search or keystroke over the line measured once more, with a spare query.
  const slowSearches = out.searches.filter((item) => item.total > FAIL_MS || item.keys.some((key) => key > FAIL_MS)).length;
  for (const text of list.spares.slice(0, Math.min(slowSearches, MAX_REPEATS))) {
    out.searchRepeats.push(await search(page, list, text));
    await settle(page);
  }
  out.steal = stealShare(cpuBefore, cpuTimes());

  // 4. With --trace: a few more of each, recorded, for where the time after the answer goes.
  out.traces = { searches: [], pages: [] };
  if (args.trace) {
    const browser = page.context().browser();
    // The list as it opens (the last search left few rows): pages first, then searches.
    await load(page, url);
    await settle(page);
    const tracedSorts = new Set([new URL(page.url()).searchParams.get('sort') ?? '']);
    for (let run = 0; run < TRACE_RUNS; run += 1) {
      await ensureNextPage(page, tracedSorts);
      out.traces.pages.push((await traced(browser, page, list.api, () => nextPage(page, list))).breakdown);
      await settle(page);
    }
    for (const text of list.traced.slice(0, TRACE_RUNS)) {
      out.traces.searches.push((await traced(browser, page, list.api, () => search(page, list, text))).breakdown);
      await settle(page);
    }
  }
  return out;
}

async function run() {
  requireChromium();
  const only = args.only ? new Set(String(args.only).split(',')) : null;
  const lists = LISTS.filter((list) => !only || only.has(list.id));

  // The bench's own Workers (a throwaway D1 with the large seed), so it never touches `npm run dev`'s data.
  const apiPort = await freePort(Number(args['api-port'] ?? 8817));
  const vpnPort = await freePort(apiPort + 1);
  const appPort = await freePort(preferredPort);
  const apiEnv = { VITE_API_URL: `http://localhost:${apiPort}`, VITE_VPN_API_URL: `http://localhost:${vpnPort}`, VITE_PAY_URL: `http://localhost:${vpnPort + 1}` };

  let dir;
  if (args.dist) {
    dir = resolve(String(args.dist));
    console.log(`Build existente: ${dir} (feito com ${JSON.stringify(apiEnv)})`);
  } else {
    console.log(`Build de produção com a demonstração em dist-bench (API em ${apiEnv.VITE_API_URL}) ...`);
    const build = await buildApp({ outDir: 'dist-bench', env: cleanEnv(apiEnv) });
    removeOnExit(build.dir, Boolean(args.keep));
    dir = build.dir;
    console.log(`  ${(build.ms / 1000).toFixed(1)} s`);
  }
  console.log('Emulador do Firebase Auth (para entrar no portal):');
  await ensureEmulator();
  console.log(`Workers da demonstração em :${apiPort} e :${vpnPort} com a semente grande (migrações, POST /demo/reset?seed=large) ...`);
  const seedStarted = performance.now();
  const backend = await startDemoBackend({ apiPort, vpnPort, appPorts: [appPort], seed: 'large' });
  onCleanup(() => backend.stop());
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const counts = await seedCounts(backend.api);
  console.log(`  ${counts.machines} máquinas, ${counts.devices} dispositivos; prontos em ${seedSeconds.toFixed(1)} s`);
  const server = await serveDist(dir, appPort);
  const origin = server.origin;
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  onCleanup(() => browser.close());
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1366, height: 900 } });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const session = await context.newCDPSession(page);

  console.log(`Entrando como ${ACCOUNT.email} em ${origin} ...`);
  await signIn(page, origin);
  await throttle(page, session);

  console.log(`CPU ${CPU_RATE}× mais lenta; abrindo /portal/machines ...`);
  const seed = await load(page, `${origin}/portal/machines`);
  const seedLongTasks = await longTasksBetween(page, 0, seed.firstRowsAt);
  console.log(`  primeiras linhas em ${ms(seed.firstRowsAt)}`);

  const results = [];
  for (const list of lists) {
    console.log(`Medindo ${list.title} (${RUNS} de cada) ...`);
    results.push(await measureList(page, session, origin, list));
  }
  await context.close();

  // Report.
  const rows = [];
  const failures = [];
  const misses = [];
  /**
   * Over FAIL_MS fails when the median is, or when a repeat (`repeats`: the same interaction measured again after a
   * slow one) is too; a slow interaction whose repeat is under the line is reported with it.
   */
  const verdict = (label, values, repeats = []) => {
    const w = worst(values);
    if (w === null) return '—';
    const slow = values.filter((value) => value > FAIL_MS).length;
    const repeated = repeats.length > 0 ? ` (repetida: ${repeats.map(ms).join(', ')})` : '';
    if (slow > 0 && (median(values) > FAIL_MS || worst(repeats) > FAIL_MS || repeats.length === 0)) {
      failures.push(`${label}: pior ${ms(w)} > ${FAIL_MS} ms${repeated}`);
      return `FALHA (> ${FAIL_MS} ms)${repeated}`;
    }
    const m = median(values);
    if (m > GOAL_MS) {
      misses.push(`${label}: mediana ${ms(m)} > ${GOAL_MS} ms${repeated}`);
      return `acima do objetivo${slow > 0 ? `; ${slow} acima de ${FAIL_MS} ms${repeated}` : ''}`;
    }
    return slow > 0 ? `OK; ${slow} acima de ${FAIL_MS} ms${repeated}` : 'OK';
  };
  for (const r of results) {
    const total = (items) => items.map((i) => i.total);
    const cached = (items) => items.filter((i) => i.cached).length;
    rows.push([
      r.title,
      'primeiras linhas (carga completa da URL)',
      ms(median(r.loads)),
      ms(worst(r.loads)),
      'informativo',
      '—',
    ]);
    rows.push([
      r.title,
      'busca: disparo (debounce) → linhas pintadas',
      ms(median(total(r.searches))),
      ms(worst(total(r.searches))),
      `mediana ≤ ${GOAL_MS} ms`,
      verdict(`${r.title}, busca`, total(r.searches), total(r.searchRepeats)) + (cached(r.searches) ? ` (${cached(r.searches)} do cache)` : ''),
    ]);
    rows.push([
      r.title,
      'busca: tecla → campo pintado',
      ms(median(r.keys)),
      ms(worst(r.keys)),
      `mediana ≤ ${GOAL_MS} ms`,
      `${verdict(`${r.title}, tecla`, r.keys, r.searchRepeats.map((item) => worst(item.keys) ?? 0))} (${r.keys.length} teclas)`,
    ]);
    rows.push([
      r.title,
      'próxima página: clique → linhas pintadas',
      ms(median(total(r.pages))),
      ms(worst(total(r.pages))),
      `mediana ≤ ${GOAL_MS} ms`,
      verdict(`${r.title}, próxima página`, total(r.pages), total(r.pageRepeats)) + (cached(r.pages) ? ` (${cached(r.pages)} do cache)` : ''),
    ]);
    const longest = worst(r.longTasks.map((t) => t.duration));
    rows.push([
      r.title,
      `tarefas longas nas interações`,
      `${r.longTasks.length}`,
      ms(longest),
      `nenhuma > ${LONG_TASK_GOAL_MS} ms`,
      r.longTasks.length === 0 ? 'OK' : (misses.push(`${r.title}: ${r.longTasks.length} tarefa(s) longa(s), a maior ${ms(longest)}`), 'acima do objetivo'),
    ]);
  }

  console.log(
    `\nListas com a demo grande (${counts.machines} máquinas, ${counts.devices} dispositivos), CPU ${CPU_RATE}× mais lenta, ${RUNS} medidas de cada;` +
      `\ncada medida inclui a resposta dos Workers (D1 local, pela interface de loopback)`,
  );
  console.log(
    table(
      ['lista', 'medida', 'mediana', 'pior', 'objetivo', 'veredito'],
      rows,
      ['l', 'l', 'r', 'r', 'l', 'l'],
    ),
  );
  console.log(
    '\nOnde vai o tempo (medianas): disparo → requisição enviada; a requisição (resposta dos Workers); resposta → linhas pintadas,' +
      '\nesta dividida em resposta → linhas no DOM (a resposta tratada e a tela renderizada) e DOM → quadro pintado;' +
      '\nrespondida do cache (a página pedida antes, com o ponteiro sobre o botão): disparo → DOM. A URL muda depois da pintura.',
  );
  console.log(
    table(
      ['lista', 'interação', 'disparo → requisição', 'Workers', 'resposta → pintura', '→ DOM', '→ pintura'],
      results.flatMap((r) =>
        [
          ['busca', r.searches],
          ['próxima página', r.pages],
        ].map(([label, items]) => [
          r.title,
          label,
          ms(median(items.map((i) => i.toRequest).filter((v) => v !== null))),
          ms(median(items.map((i) => i.server).filter((v) => v !== null))),
          ms(median(items.map((i) => i.toPaint))),
          ms(median(items.map((i) => i.render).filter((v) => v !== null && v !== undefined))),
          ms(median(items.map((i) => i.frame))),
        ]),
      ),
      ['l', 'l', 'r', 'r', 'r', 'r', 'r'],
    ),
  );
  const loadTasks = results.map((r) => `${r.title} ${r.loadLongTasks.length} (maior ${ms(worst(r.loadLongTasks.map((t) => t.duration)))})`);
  const firstOpenTasks = seedLongTasks.filter((t) => t.duration > FIRST_LONG_TASK_MS);
  const firstOpenLongest = worst(seedLongTasks.map((t) => t.duration));
  const firstOpenRows = seed.firstRowsAt <= FIRST_OPEN_MS ? 'OK' : (misses.push(`Primeira abertura de Máquinas: ${ms(seed.firstRowsAt)} > ${FIRST_OPEN_MS} ms`), 'acima do objetivo');
  const firstOpenLong =
    firstOpenTasks.length === 0
      ? 'OK'
      : (misses.push(`Primeira abertura de Máquinas: ${firstOpenTasks.length} tarefa(s) longa(s) > ${FIRST_LONG_TASK_MS} ms, a maior ${ms(firstOpenLongest)}`), 'acima do objetivo');
  console.log('\nPrimeira abertura de Máquinas com a semente grande (navegador sem cache, já com a sessão):');
  console.log(
    table(
      ['medida', 'valor', 'objetivo', 'veredito'],
      [
        ['primeiras linhas pintadas', ms(seed.firstRowsAt), `≤ ${FIRST_OPEN_MS} ms`, firstOpenRows],
        ['tarefas longas até elas', `${seedLongTasks.length} (a maior ${ms(firstOpenLongest)})`, `nenhuma > ${FIRST_LONG_TASK_MS} ms`, firstOpenLong],
      ],
      ['l', 'r', 'l', 'l'],
    ),
  );
  console.log(`Tarefas longas durante a última carga de cada lista (informativo): ${loadTasks.join('; ')}.`);
  if (args.trace) {
    console.log(
      `\nResposta dos Workers → linhas pintadas, pelo rastro do Chromium (--trace; ${TRACE_RUNS} de cada, medianas, CPU ${CPU_RATE}× mais lenta):` +
        '\no tempo da thread principal da página por tipo de trabalho; "janela": da resposta (cabeçalhos) às linhas pintadas; "espera": o resto (o próximo quadro, a CPU)',
    );
    console.log(
      table(
        ['lista', 'interação', 'janela', ...TRACE_KINDS],
        results.flatMap((r) =>
          [
            ['busca', r.traces.searches],
            ['próxima página', r.traces.pages],
          ].map(([label, items]) => {
            const valid = items.filter(Boolean);
            return [r.title, label, ms(median(valid.map((b) => b.window))), ...TRACE_KINDS.map((kind) => ms(median(valid.map((b) => b[kind] ?? 0))))];
          }),
        ),
        ['l', 'l', 'r', ...TRACE_KINDS.map(() => 'r')],
      ),
    );
  }
  if (results.some((r) => r.steal !== null)) {
    console.log(
      `CPU roubada (tempo que a máquina virtual esperou por outros inquilinos do hospedeiro, /proc/stat) durante cada lista: ` +
        `${results.map((r) => `${r.title} ${pct(r.steal)}`).join('; ')}.`,
    );
  }

  const report = {
    measuredAt: new Date().toISOString(),
    method: `production build with the demo, scripts/serve-dist.mjs, Chromium, CPU throttling ${CPU_RATE}×, ${RUNS} runs; the two Workers in demo mode on a local D1 with the large seed (ready in ${seedSeconds.toFixed(1)} s), loopback`,
    goals: { interactionMedianMs: GOAL_MS, longTaskMs: LONG_TASK_GOAL_MS, failMs: FAIL_MS, firstOpenMs: FIRST_OPEN_MS, firstOpenLongTaskMs: FIRST_LONG_TASK_MS },
    counts,
    seed: { readySeconds: seedSeconds, firstRowsMs: seed.firstRowsAt, longTasks: seedLongTasks },
    lists: results,
    misses,
    failures,
    ok: failures.length === 0,
  };
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  writeFileSync(join(ROOT, 'reports', 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log('Relatório: reports/bench.json');

  if (misses.length > 0) console.log(`\nAcima do objetivo (relatado, não reprova):\n${misses.map((m) => `  - ${m}`).join('\n')}`);
  if (failures.length > 0) {
    console.error(`\nINTERAÇÃO LENTA DEMAIS (> ${FAIL_MS} ms):\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    return 1;
  }
  console.log(misses.length === 0 ? '\nTodas as medidas dentro do objetivo.' : `\nNenhuma interação acima de ${FAIL_MS} ms.`);
  return 0;
}

main(run);
