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
// Goals (docs: the quality bar): every interaction painted within 100 ms, no long task over 50 ms. Printed, not
// failed: on this shared, noisy machine the run fails (exit 1) only when an interaction takes over 300 ms.
// An interaction over that line is measured once more (another page, a spare query), as the end-to-end suite
// retries a failed test once in CI: a stall of the machine (other tenants' CPU, shown as "CPU roubada") crosses it
// once, a slow screen crosses it again. The run fails when a repeat crosses the line too, or when the median does.
//
//   node scripts/bench.mjs [--port 4186] [--runs 10] [--cpu 4] [--keep] [--dist <dir>] [--only machines,devices]
//   (--dist measures an existing demo build made for the bench's Workers — VITE_API_URL=http://localhost:8817,
//   VITE_VPN_API_URL=http://localhost:8818 — instead of building into dist-bench/; --keep leaves dist-bench/)
// The init script and the page.evaluate callbacks below run in the browser:
/* global window, document, history, location, requestAnimationFrame, HTMLInputElement, Element, MutationObserver */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { requireChromium } from './lib/chromium.mjs';
import { buildApp, cleanEnv, ensureEmulator, freePort, LAUNCH_OPTIONS, main, onCleanup, parseArgs, removeOnExit, ROOT, serveDist, table } from './lib/quality.mjs';
import { emulatorToken, startDemoBackend } from './lib/workers.mjs';
import accounts from '../src/config/demo-accounts.json' with { type: 'json' };

const args = parseArgs();
const RUNS = Math.max(1, Number(args.runs ?? 10));
const CPU_RATE = Number(args.cpu ?? 4);
const preferredPort = Number(args.port ?? process.env.BENCH_PORT ?? 4186);
const GOAL_MS = 100;
const LONG_TASK_GOAL_MS = 50;
const FAIL_MS = 300;
/** At most this many repeats per measure (an interaction over FAIL_MS measured once more). */
const MAX_REPEATS = 3;
/** How long the pointer rests on a button before pressing it (longer than the kit's 150 ms hover transitions). */
const HOVER_REST_MS = 300;
/** A keystroke every 100 ms (a quick typist), under the search box's 300 ms debounce. */
const KEY_INTERVAL_MS = 100;
const ACCOUNT = { email: accounts.accounts[0].email, password: accounts.accounts[0].password };

/** A constant of the app's source (`export const NAME = 123`). */
function sourceConstant(path, name) {
  const source = readFileSync(join(ROOT, ...path.split('/')), 'utf8');
  const match = new RegExp(`${name}\\s*=\\s*(\\d+)`).exec(source);
  if (!match) throw new Error(`${name} não encontrado em ${path}`);
  return Number(match[1]);
}

/** The search box sends the search this long after the last keystroke (src/components/ui/search-input.tsx). */
const SEARCH_DEBOUNCE_MS = sourceConstant('src/components/ui/search-input.tsx', 'SEARCH_DEBOUNCE_MS');

/**
 * The three lists; `queries`: what is typed, one per run, each with results and a result set of its own; `spares`:
 * more of them, for repeats.
 */
const LISTS = [
  {
    id: 'machines',
    title: 'Máquinas',
    path: '/portal/machines',
    api: /\/machine\?/,
    queries: ['ih-450 #01', 'ev-12 #02', 'cu-800 #03', 'fc-30 #04', 'ex-90 #05', 'ph-200 #06', 'rt-6 #07', 'cc-5 #08', 'lote-0099', 'lote-00777'],
    spares: ['lote-00123', 'ex-90 #09', 'lote-00456'],
  },
  {
    id: 'devices',
    title: 'Dispositivos',
    path: '/portal/devices',
    api: /\/device\?/,
    queries: ['l00012', 'l00123', 'l00234', 'l00345', 'l00456', 'l00567', 'l00678', 'l00789', 'l00890', 'l00901'],
    spares: ['l00111', 'l00222', 'l00333'],
  },
  {
    id: 'customers',
    title: 'Clientes',
    path: '/portal/customers',
    api: /\/customer\?/,
    queries: ['metal', 'alimen', 'plast', 'textil', 'ceram', 'bebid', 'frigo', 'latic', 'embal', 'moveis'],
    spares: ['cimento', 'couro', 'madeir'],
  },
];

// ---------------------------------------------------------------------------------------------------------
// In the page (an init script, on every load): long tasks, URL changes, keystroke → paint, first rows, the demo.

function instrument() {
  const bench = {
    longtasks: [],
    nav: [],
    keys: [],
    clicks: [],
    firstRowsAt: null,
    armed: null,
  };
  window.__bench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longtasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no long task API: none reported
  }
  for (const name of ['pushState', 'replaceState']) {
    const original = history[name];
    history[name] = function patched(...rest) {
      const result = original.apply(this, rest);
      bench.nav.push({ t: performance.now(), url: location.href });
      return result;
    };
  }
  /** Resolves with the time right after the next frame is painted. */
  bench.afterPaint = () =>
    new Promise((done) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => done(performance.now());
        channel.port2.postMessage(null);
      }),
    );
  document.addEventListener(
    'keydown',
    (event) => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement) || target.type !== 'search') return;
      if ((event.key.length !== 1 && event.key !== 'Backspace') || event.ctrlKey || event.metaKey || event.altKey) return;
      const start = event.timeStamp;
      void bench.afterPaint().then((painted) => bench.keys.push({ key: event.key, at: start, ms: painted - start }));
    },
    true,
  );
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button) bench.clicks.push({ t: event.timeStamp, label: button.getAttribute('aria-label') ?? button.textContent ?? '' });
    },
    true,
  );
  /** The data rows of the list's table (their row headers), and whether it is busy. */
  bench.rows = () => {
    const table = document.querySelector('main table') ?? document.querySelector('table');
    const heads = table ? [...table.querySelectorAll('tbody th[scope="row"]')] : [];
    return {
      count: heads.length,
      text: heads.map((head) => head.textContent).join('|'),
      busy: Boolean(table?.getAttribute('aria-busy') === 'true' || document.querySelector('[data-testid="data-table-progress"]')),
    };
  };

  // First data rows of this load.
  const first = new MutationObserver(() => {
    if (bench.firstRowsAt !== null) return;
    const rows = bench.rows();
    if (rows.count > 0 && !rows.busy) {
      first.disconnect();
      bench.firstRowsAt = -1;
      void bench.afterPaint().then((painted) => (bench.firstRowsAt = painted));
    }
  });
  const observeFirst = () => first.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
  if (document.documentElement) observeFirst();
  else document.addEventListener('DOMContentLoaded', observeFirst);

  /**
   * Waits for new rows: the URL's params as `expect` says, the table not busy and its rows other than `before`.
   * Resolves with the times of the DOM change and of the paint after it, and what triggered it.
   */
  bench.arm = (expect, before, timeoutMs) => {
    const armedAt = performance.now();
    const matches = () => {
      const params = new URLSearchParams(location.search);
      if (!Object.entries(expect).every(([name, value]) => (params.get(name) ?? '') === value)) return false;
      const rows = bench.rows();
      return rows.count > 0 && !rows.busy && rows.text !== before;
    };
    bench.armed = new Promise((done, fail) => {
      let settled = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        observer.disconnect();
        clearTimeout(timer);
        const domAt = performance.now();
        void bench.afterPaint().then((paintedAt) => done({ armedAt, domAt, paintedAt }));
      };
      const observer = new MutationObserver(() => {
        if (matches()) finish();
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        observer.disconnect();
        fail(new Error(`linhas novas não apareceram em ${timeoutMs} ms (${location.pathname}${location.search}; ${JSON.stringify(bench.rows()).slice(0, 200)})`));
      }, timeoutMs);
    });
    return armedAt;
  };
}

// ---------------------------------------------------------------------------------------------------------
// Node side

const median = (values) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const worst = (values) => (values.length === 0 ? null : Math.max(...values));
const ms = (value) => (value === null || value === undefined ? '—' : `${Math.round(value)} ms`);
const sleep = (time) => new Promise((done) => setTimeout(done, time));

async function throttle(page, session) {
  await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  return page;
}

/** Waits until the list is settled: rows, nothing in flight, a moment without long tasks. */
async function settle(page) {
  await page.waitForFunction(() => {
    const rows = window.__bench.rows();
    return rows.count > 0 && !rows.busy;
  }, null, { timeout: 60_000 });
  await sleep(400);
}

/** Long tasks of the page between two times of its clock. */
async function longTasksBetween(page, from, to) {
  return page.evaluate(
    ([start, end]) => window.__bench.longtasks.filter((task) => task.start >= start && task.start <= end),
    [from, to],
  );
}

/** The API request for this list that started after `since` (resource timing), or null (answered from cache). */
async function requestAfter(page, pattern, since) {
  return page.evaluate(
    ([source, after]) => {
      const regex = new RegExp(source);
      const entry = performance
        .getEntriesByType('resource')
        .filter((candidate) => regex.test(candidate.name) && candidate.startTime >= after)
        .at(-1);
      return entry ? { start: entry.startTime, end: entry.responseEnd } : null;
    },
    [pattern.source, since],
  );
}

/** When the URL changed (history.pushState / replaceState) between two times of the page's clock, or null. */
async function urlChangeBetween(page, from, to) {
  return page.evaluate(([after, before]) => window.__bench.nav.find((entry) => entry.t >= after && entry.t <= before)?.t ?? null, [from, to]);
}

/**
 * Where the time went: trigger → request sent, the request (the Workers' answer), response → paint; and
 * response → paint split at the URL change and at the new rows in the DOM (the screen's render), then the frame.
 */
function phases(start, request, result, urlAt) {
  const frame = result.paintedAt - result.domAt;
  if (!request) return { toRequest: null, server: null, toPaint: result.paintedAt - start, toUrl: null, render: null, frame };
  return {
    toRequest: request.start - start,
    server: request.end - request.start,
    toPaint: result.paintedAt - request.end,
    toUrl: urlAt === null ? null : urlAt - request.end,
    render: urlAt === null ? null : result.domAt - urlAt,
    frame,
  };
}

/** How many machines and gateways the demo customer has (the lists' `meta.total`, read with an emulator token). */
async function seedCounts(api) {
  const token = emulatorToken(accounts.accounts[0].localId, ACCOUNT.email);
  const total = async (path) => {
    const response = await fetch(`${api}${path}?page=1&perPage=1`, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path} respondeu ${response.status}: ${await response.text()}`);
    return (await response.json()).meta.total;
  };
  return { machines: await total('/machine'), devices: await total('/device') };
}

async function signIn(page, origin) {
  await page.goto(`${origin}/portal/login`, { waitUntil: 'domcontentloaded' });
  await page.getByLabel('E-mail').fill(ACCOUNT.email);
  await page.getByLabel('Senha', { exact: true }).fill(ACCOUNT.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.getByRole('button', { name: 'Sair' }).first().waitFor({ state: 'attached', timeout: 60_000 });
}

/** A full load of `url`: navigation start → first rows painted. */
async function load(page, url) {
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  await page.waitForFunction(() => window.__bench && window.__bench.firstRowsAt > 0, null, { timeout: 120_000, polling: 100 }).catch(async (error) => {
    const state = await page.evaluate(() => ({ rows: window.__bench?.rows(), text: document.body.innerText.slice(0, 600) })).catch(() => null);
    throw new Error(`${url}: as primeiras linhas não apareceram (${JSON.stringify(state)})`, { cause: error });
  });
  return page.evaluate(() => ({ firstRowsAt: window.__bench.firstRowsAt }));
}

async function nextPage(page, list) {
  const before = await page.evaluate(() => window.__bench.rows().text);
  const current = Number(new URL(page.url()).searchParams.get('page') ?? '1');
  const clicksBefore = await page.evaluate(() => window.__bench.clicks.length);
  // As a person clicks: the pointer comes to rest on the button (its hover transition over), then presses. A
  // locator's click() would move and press at once and run Playwright's own hit-target checks in the page, in the
  // measured time.
  await page.getByRole('button', { name: 'Próxima página' }).hover();
  await sleep(HOVER_REST_MS);
  await page.evaluate(([expect, text]) => window.__bench.arm(expect, text, 30_000), [{ page: String(current + 1) }, before]);
  await page.mouse.down();
  await page.mouse.up();
  const result = await page.evaluate(() => window.__bench.armed);
  const click = await page.evaluate((from) => window.__bench.clicks.slice(from).find((c) => c.label === 'Próxima página'), clicksBefore);
  const start = click?.t ?? result.armedAt;
  const request = await requestAfter(page, list.api, start);
  const total = result.paintedAt - start;
  const urlAt = request ? await urlChangeBetween(page, request.end, result.domAt) : null;
  return { total, cached: !request, start, end: result.paintedAt, ...phases(start, request, result, urlAt) };
}

/** One keystroke every KEY_INTERVAL_MS from the first (not after the previous one is handled, as a person types). */
async function typeLikeAUser(page, text) {
  const started = Date.now();
  for (const [index, char] of [...text].entries()) {
    await sleep(started + index * KEY_INTERVAL_MS - Date.now());
    await page.keyboard.press(char);
  }
}

/** Types `text` into the search box (replacing what is there): keystrokes and the debounced search's rows. */
async function search(page, list, text) {
  const box = page.getByRole('searchbox').first();
  const before = await page.evaluate(() => window.__bench.rows().text);
  const navBefore = await page.evaluate(() => window.__bench.nav.length);
  const keysBefore = await page.evaluate(() => window.__bench.keys.length);
  await box.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.evaluate(([expect, rows]) => window.__bench.arm(expect, rows, 30_000), [{ q: text }, before]);
  const typedAt = await page.evaluate(() => performance.now());
  await typeLikeAUser(page, text);
  const result = await page.evaluate(() => window.__bench.armed).catch(async (error) => {
    const seen = await page.evaluate(
      ([from, keysFrom, since]) => ({
        nav: window.__bench.nav.slice(from).map((n) => `${Math.round(n.t - since)} ${n.url.split('?')[1]}`),
        keys: window.__bench.keys.slice(keysFrom).map((k) => `${k.key}:${Math.round(k.ms)}`),
        longtasks: window.__bench.longtasks.filter((t) => t.start >= since).map((t) => `${Math.round(t.start - since)}+${Math.round(t.duration)}`),
      }),
      [navBefore, keysBefore, typedAt],
    );
    throw new Error(`${error.message}\n  digitado: "${text}"; ${JSON.stringify(seen)}`);
  });
  await sleep(100); // the last keystroke's paint is recorded
  const typed = await page.evaluate((from) => window.__bench.keys.slice(from), keysBefore);
  const keys = typed.map((k) => k.ms);
  // The search is sent SEARCH_DEBOUNCE_MS after the last keystroke: the user waits from then on (a timer that fires
  // late on a busy page counts).
  const lastKey = typed.at(-1);
  const start = lastKey ? lastKey.at + SEARCH_DEBOUNCE_MS : result.armedAt;
  const request = await requestAfter(page, list.api, start - 1);
  const total = result.paintedAt - start;
  const urlAt = request ? await urlChangeBetween(page, request.end, result.domAt) : null;
  return { total, cached: !request, keys, start: typedAt, end: result.paintedAt, ...phases(start, request, result, urlAt) };
}

/** When the last page is reached, another sort (a header clicked once or twice) gives pages not seen yet. */
async function ensureNextPage(page, seenSorts) {
  const next = page.getByRole('button', { name: 'Próxima página' });
  if (await next.isEnabled()) return;
  const headers = page.locator('table thead th button');
  const count = await headers.count();
  for (let index = 0; index < count * 2; index += 1) {
    const before = await page.evaluate(() => window.__bench.rows().text);
    await headers.nth(Math.floor(index / 2)).click();
    await page
      .waitForFunction(
        (text) => {
          const rows = window.__bench.rows();
          return rows.count > 0 && !rows.busy && rows.text !== text;
        },
        before,
        { timeout: 30_000 },
      )
      .catch(() => undefined);
    await settle(page);
    const sort = new URL(page.url()).searchParams.get('sort') ?? '';
    if (!seenSorts.has(sort) && (await next.isEnabled())) {
      seenSorts.add(sort);
      return;
    }
  }
  throw new Error('Não há mais páginas novas para medir "Próxima página".');
}

/** The machine's CPU counters (Linux /proc/stat: all CPUs, in clock ticks), or null elsewhere. */
function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is counted in user)
    return { total: fields.slice(0, 8).reduce((sum, value) => sum + value, 0), steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}

/** Share of the machine's CPU time taken by other tenants of the host (steal) between two cpuTimes(). */
function stealShare(before, after) {
  if (!before || !after || after.total <= before.total) return null;
  return (after.steal - before.steal) / (after.total - before.total);
}

const pct = (share) => (share === null || share === undefined ? '—' : `${(share * 100).toFixed(1)} %`);

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
    if (w > GOAL_MS) {
      misses.push(`${label}: pior ${ms(w)} > ${GOAL_MS} ms${repeated}`);
      return `acima do objetivo${slow > 0 ? `; ${slow} acima de ${FAIL_MS} ms${repeated}` : ''}`;
    }
    return 'OK';
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
      `≤ ${GOAL_MS} ms`,
      verdict(`${r.title}, busca`, total(r.searches), total(r.searchRepeats)) + (cached(r.searches) ? ` (${cached(r.searches)} do cache)` : ''),
    ]);
    rows.push([
      r.title,
      'busca: tecla → campo pintado',
      ms(median(r.keys)),
      ms(worst(r.keys)),
      `≤ ${GOAL_MS} ms`,
      `${verdict(`${r.title}, tecla`, r.keys, r.searchRepeats.map((item) => worst(item.keys) ?? 0))} (${r.keys.length} teclas)`,
    ]);
    rows.push([
      r.title,
      'próxima página: clique → linhas pintadas',
      ms(median(total(r.pages))),
      ms(worst(total(r.pages))),
      `≤ ${GOAL_MS} ms`,
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
      '\nesta dividida em resposta → URL nova (RTK Query, o roteador), URL → linhas no DOM (a tela renderiza) e DOM → quadro pintado',
  );
  console.log(
    table(
      ['lista', 'interação', 'disparo → requisição', 'Workers', 'resposta → pintura', '→ URL', '→ DOM', '→ pintura'],
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
          ms(median(items.map((i) => i.toUrl).filter((v) => v !== null && v !== undefined))),
          ms(median(items.map((i) => i.render).filter((v) => v !== null && v !== undefined))),
          ms(median(items.map((i) => i.frame))),
        ]),
      ),
      ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
  );
  const loadTasks = results.map((r) => `${r.title} ${r.loadLongTasks.length} (maior ${ms(worst(r.loadLongTasks.map((t) => t.duration)))})`);
  console.log(
    `\nPrimeira abertura de Máquinas com a semente grande: primeiras linhas em ${ms(seed.firstRowsAt)}, ` +
      `${seedLongTasks.length} tarefa(s) longa(s), a maior ${ms(worst(seedLongTasks.map((t) => t.duration)))}.` +
      `\nTarefas longas durante a última carga de cada lista (informativo): ${loadTasks.join('; ')}.`,
  );
  if (results.some((r) => r.steal !== null)) {
    console.log(
      `CPU roubada (tempo que a máquina virtual esperou por outros inquilinos do hospedeiro, /proc/stat) durante cada lista: ` +
        `${results.map((r) => `${r.title} ${pct(r.steal)}`).join('; ')}.`,
    );
  }

  const report = {
    measuredAt: new Date().toISOString(),
    method: `production build with the demo, scripts/serve-dist.mjs, Chromium, CPU throttling ${CPU_RATE}×, ${RUNS} runs; the two Workers in demo mode on a local D1 with the large seed (ready in ${seedSeconds.toFixed(1)} s), loopback`,
    goals: { interactionMs: GOAL_MS, longTaskMs: LONG_TASK_GOAL_MS, failMs: FAIL_MS },
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
  console.log(misses.length === 0 ? '\nTodas as interações dentro do objetivo.' : `\nNenhuma interação acima de ${FAIL_MS} ms.`);
  return 0;
}

main(run);
