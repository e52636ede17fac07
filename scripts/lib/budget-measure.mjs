// The budget's measurements (scripts/budget.mjs): a page loaded in a fresh context with every JS and CSS response
// weighed (gzip -9), summed per page; a signed-in page's state kept for the next loads; and the page's own mark of
// the shell's first paint (recordShellPaint runs in the browser as an init script and uses nothing of this module).
import { assetName, fmtKb, forbiddenIn, gzipSize } from './quality.mjs';

/**
 * Loads a URL in a fresh context (cold HTTP cache, no service worker) and records every JS and CSS response
 * until the network is idle. Sizes are the gzip -9 of the bodies (the static server does not compress).
 */
export async function measure(browser, url, { chunks, storageState, check, firstPaint } = {}) {
  const context = await browser.newContext({ storageState, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  // When the signed-in shell and its screen's title are first in the document (what shellPainted waits for), by the
  // page's own clock: the first-paint figure counts the requests started by then, so how late Playwright notices the
  // h1 on a busy machine does not let the idle-time preloads that follow it into the count.
  if (firstPaint) await page.addInitScript(recordShellPaint);
  const pending = [];
  const seen = new Set();
  page.on('response', (response) => {
    const request = response.request();
    const type = request.resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    const kind =
      type === 'script' || /javascript/.test(contentType) ? 'js' : type === 'stylesheet' || /text\/css/.test(contentType) ? 'css' : null;
    if (!kind || seen.has(response.url())) return;
    seen.add(response.url());
    pending.push(
      response
        .body()
        .then((body) => ({ url: response.url(), kind, status: response.status(), gzip: gzipSize(body), raw: body.length, start: request.timing().startTime }))
        .catch(() => {
          // A body Chromium no longer holds (rare): fall back to the file on disk, same bytes.
          const chunk = chunks?.get(assetName(response.url()) ?? '');
          return { url: response.url(), kind, status: response.status(), gzip: chunk?.gzip ?? 0, raw: chunk?.raw ?? 0, start: request.timing().startTime };
        }),
    );
  });
  // How many responses had arrived when the page painted what firstPaint waits for (before idle-time preloads).
  const painted = firstPaint ? firstPaint(page).then(() => pending.length) : Promise.resolve(null);
  await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  if (check) await check(page);
  await page.waitForLoadState('networkidle');
  const paintedCount = await painted;
  const paintedAt = firstPaint ? await page.evaluate(() => window.__ponteShellPaintedAt ?? null) : null;
  const responses = await Promise.all(pending);
  // Up to the first paint: the requests started before it (or, without the page's mark, those answered by then).
  if (firstPaint && paintedAt === null) console.warn(`[budget] ${url}: a página não marcou a primeira pintura; contadas as respostas até o h1 visto`);
  const beforePaint = paintedAt === null ? responses.slice(0, paintedCount ?? 0) : responses.filter((r) => r.start <= paintedAt);
  return { page, context, responses, beforePaint };
}

/** A page's JS and CSS responses, summed (a sign-in page's identity SDK apart, see below). */
export function summarise(label, url, responses, chunks, extra = {}) {
  const files = responses.map((r) => {
    const name = assetName(r.url);
    return { ...r, name: name ?? new URL(r.url).pathname, chunk: name ? chunks.get(name) : undefined };
  });
  // A sign-in page's identity SDK (Firebase) starts once React owns the page, at the first interaction as before
  // the page was HTML: reported apart from its first load (identityApart).
  const identity = extra.identityApart ? files.filter((f) => f.chunk && forbiddenIn(f.chunk).includes('Firebase')) : [];
  const counted = files.filter((f) => !identity.includes(f));
  const sum = (list, kind) => list.filter((f) => f.kind === kind).reduce((total, f) => total + f.gzip, 0);
  return {
    label,
    url,
    jsBytes: sum(counted, 'js'),
    cssBytes: sum(counted, 'css'),
    requests: counted.length,
    // The unit tests' backend (MSW, src/testing, and the seed it serves, src/seed) never ships: any chunk of it a page fetched.
    testBackendFiles: files.filter((f) => f.chunk?.testBackend).map((f) => f.name),
    files: counted.map((f) => ({ name: f.name, kind: f.kind, gzip: f.gzip, status: f.status })),
    ...(identity.length ? { notes: [`SDK de identidade à parte: ${fmtKb(sum(identity, 'js'))} KB (${identity.map((f) => f.name).join(', ')})`] } : {}),
    ...extra,
  };
}

export async function signInAndKeepState(page, context, account) {
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Senha', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.getByRole('button', { name: 'Sair' }).first().waitFor({ state: 'attached', timeout: 30_000 });
  // Firebase keeps the session in IndexedDB.
  return context.storageState({ indexedDB: true });
}

export const signedIn = async (page) => {
  await page.getByRole('button', { name: 'Sair' }).first().waitFor({ state: 'attached', timeout: 30_000 });
};

/** Runs in the page (an init script): notes when the shell's sign-out button and the screen's `main h1` are both there. */
/* global window, document, MutationObserver -- in the page */
export function recordShellPaint() {
  const ready = () =>
    document.querySelector('main h1') !== null &&
    [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Sair' || b.getAttribute('aria-label') === 'Sair');
  const observer = new MutationObserver(() => {
    if (window.__ponteShellPaintedAt === undefined && ready()) {
      window.__ponteShellPaintedAt = performance.timeOrigin + performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** The shell's first paint: its sign-out button is there and the screen's h1 is visible. */
export const shellPainted = async (page) => {
  await Promise.all([
    page.getByRole('button', { name: 'Sair' }).first().waitFor({ state: 'attached', timeout: 30_000 }),
    page.locator('h1').first().waitFor({ state: 'visible', timeout: 30_000 }),
  ]);
};
