// The bench's steps on the Node side (scripts/bench.mjs): figures (median, worst, CPU steal), the page's clock read
// back (long tasks, requests, URL changes, where the time went), and what a person does — sign in, load a list,
// press "Próxima página", type a search.
/* global window, document */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './quality.mjs';
import { emulatorToken } from './workers.mjs';
import accounts from '../../src/config/demo-accounts.json' with { type: 'json' };

/** How long the pointer rests on a button before pressing it (longer than the kit's 150 ms hover transitions). */
export const HOVER_REST_MS = 300;
/** A keystroke every 100 ms (a quick typist), under the search box's 300 ms debounce. */
export const KEY_INTERVAL_MS = 100;
export const ACCOUNT = { email: accounts.accounts[0].email, password: accounts.accounts[0].password };

/** A constant of the app's source (`export const NAME = 123`). */
export function sourceConstant(path, name) {
  const source = readFileSync(join(ROOT, ...path.split('/')), 'utf8');
  const match = new RegExp(`${name}\\s*=\\s*(\\d+)`).exec(source);
  if (!match) throw new Error(`${name} não encontrado em ${path}`);
  return Number(match[1]);
}

/** The search box sends the search this long after the last keystroke (src/components/ui/search-input.tsx). */
export const SEARCH_DEBOUNCE_MS = sourceConstant('src/components/ui/search-input.tsx', 'SEARCH_DEBOUNCE_MS');

export const median = (values) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
export const worst = (values) => (values.length === 0 ? null : Math.max(...values));
export const ms = (value) => (value === null || value === undefined ? '—' : `${Math.round(value)} ms`);
export const sleep = (time) => new Promise((done) => setTimeout(done, time));

/** Waits until the list is settled: rows, nothing in flight, a moment without long tasks. */
export async function settle(page) {
  await page.waitForFunction(() => {
    const rows = window.__bench.rows();
    return rows.count > 0 && !rows.busy;
  }, null, { timeout: 60_000 });
  await sleep(400);
}

/** Long tasks of the page between two times of its clock. */
export async function longTasksBetween(page, from, to) {
  return page.evaluate(
    ([start, end]) => window.__bench.longtasks.filter((task) => task.start >= start && task.start <= end),
    [from, to],
  );
}

/** The API request for this list that started after `since` (resource timing), or null (answered from cache). */
export async function requestAfter(page, pattern, since) {
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

/**
 * Where the time went: trigger → request sent, the request (the Workers' answer), response → paint; and
 * response → paint split at the new rows in the DOM (the answer handled and the screen rendered), then the frame.
 * (The URL follows once the rows are painted: it is not on the way.) Answered from the cache: trigger → DOM.
 */
export function phases(start, request, result) {
  const frame = result.paintedAt - result.domAt;
  if (!request) return { toRequest: null, server: null, toPaint: result.paintedAt - start, render: result.domAt - start, frame };
  return {
    toRequest: request.start - start,
    server: request.end - request.start,
    toPaint: result.paintedAt - request.end,
    render: result.domAt - request.end,
    frame,
  };
}

/** How many machines and gateways the demo customer has (the lists' `meta.total`, read with an emulator token). */
export async function seedCounts(api) {
  const token = emulatorToken(accounts.accounts[0].localId, ACCOUNT.email);
  const total = async (path) => {
    const response = await fetch(`${api}${path}?page=1&perPage=1`, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path} respondeu ${response.status}: ${await response.text()}`);
    return (await response.json()).meta.total;
  };
  return { machines: await total('/machine'), devices: await total('/device') };
}

export async function signIn(page, origin) {
  await page.goto(`${origin}/portal/login`, { waitUntil: 'domcontentloaded' });
  await page.getByLabel('E-mail').fill(ACCOUNT.email);
  await page.getByLabel('Senha', { exact: true }).fill(ACCOUNT.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.getByRole('button', { name: 'Sair' }).first().waitFor({ state: 'attached', timeout: 60_000 });
}

/** A full load of `url`: navigation start → first rows painted. */
export async function load(page, url) {
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  await page.waitForFunction(() => window.__bench && window.__bench.firstRowsAt > 0, null, { timeout: 120_000, polling: 100 }).catch(async (error) => {
    const state = await page.evaluate(() => ({ rows: window.__bench?.rows(), text: document.body.innerText.slice(0, 600) })).catch(() => null);
    throw new Error(`${url}: as primeiras linhas não apareceram (${JSON.stringify(state)})`, { cause: error });
  });
  return page.evaluate(() => ({ firstRowsAt: window.__bench.firstRowsAt }));
}

export async function nextPage(page, list) {
  const before = await page.evaluate(() => window.__bench.rows().text);
  const current = Number(new URL(page.url()).searchParams.get('page') ?? '1');
  const clicksBefore = await page.evaluate(() => window.__bench.clicks.length);
  // As a person clicks: the pointer comes to rest on the button (its hover transition over), then presses. A
  // locator's click() would move and press at once and run Playwright's own hit-target checks in the page, in the
  // measured time.
  await page.getByRole('button', { name: 'Próxima página' }).hover();
  await sleep(HOVER_REST_MS);
  await page.evaluate(([expect, text, api]) => window.__bench.arm(expect, text, 30_000, api), [{ page: String(current + 1) }, before, list.api.source]);
  await page.mouse.down();
  await page.mouse.up();
  const result = await page.evaluate(() => window.__bench.armed);
  const click = await page.evaluate((from) => window.__bench.clicks.slice(from).find((c) => c.label === 'Próxima página'), clicksBefore);
  const start = click?.t ?? result.armedAt;
  const request = await requestAfter(page, list.api, start);
  const total = result.paintedAt - start;
  return { total, cached: !request, start, end: result.paintedAt, ...phases(start, request, result) };
}

/** One keystroke every KEY_INTERVAL_MS from the first (not after the previous one is handled, as a person types). */
export async function typeLikeAUser(page, text) {
  const started = Date.now();
  for (const [index, char] of [...text].entries()) {
    await sleep(started + index * KEY_INTERVAL_MS - Date.now());
    await page.keyboard.press(char);
  }
}

/** Types `text` into the search box (replacing what is there): keystrokes and the debounced search's rows. */
export async function search(page, list, text) {
  const box = page.getByRole('searchbox').first();
  const before = await page.evaluate(() => window.__bench.rows().text);
  const navBefore = await page.evaluate(() => window.__bench.nav.length);
  const keysBefore = await page.evaluate(() => window.__bench.keys.length);
  await box.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.evaluate(([expect, rows, api]) => window.__bench.arm(expect, rows, 30_000, api), [{ q: text }, before, list.api.source]);
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
  return { total, cached: !request, keys, start: typedAt, end: result.paintedAt, ...phases(start, request, result) };
}

/** When the last page is reached, another sort (a header clicked once or twice) gives pages not seen yet. */
export async function ensureNextPage(page, seenSorts) {
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
export function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is counted in user)
    return { total: fields.slice(0, 8).reduce((sum, value) => sum + value, 0), steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}

/** Share of the machine's CPU time taken by other tenants of the host (steal) between two cpuTimes(). */
export function stealShare(before, after) {
  if (!before || !after || after.total <= before.total) return null;
  return (after.steal - before.steal) / (after.total - before.total);
}

export const pct = (share) => (share === null || share === undefined ? '—' : `${(share * 100).toFixed(1)} %`);
