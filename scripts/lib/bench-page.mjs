// The bench's instruments in the page (scripts/bench.mjs adds `instrument` as an init script, so it runs on every
// load, in the browser, and may use nothing of this module): long tasks, URL changes, keystroke → paint, first rows,
// and `window.__bench.arm()`, which resolves when new rows are painted.
/* global window, document, history, location, requestAnimationFrame, HTMLInputElement, Element, MutationObserver */

export function instrument() {
  const bench = {
    longtasks: [],
    nav: [],
    keys: [],
    clicks: [],
    firstRowsAt: null,
    armed: null,
  };
  window.__bench = bench;
  // Every request of a run stays readable (the default buffer keeps 250).
  performance.setResourceTimingBufferSize(5000);
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
   * Waits for new rows: the table not busy, its rows other than `before`, and they are the query's that `expect`
   * names — the URL's params say so, or the list's API (`apiSource`, a regex's source) has answered a request with
   * those params (the app writes the URL once the rows are painted, when the page is idle). Resolves with the times
   * of the DOM change and of the paint after it.
   */
  bench.arm = (expect, before, timeoutMs, apiSource) => {
    const armedAt = performance.now();
    const api = apiSource ? new RegExp(apiSource) : null;
    const hasParams = (params) => Object.entries(expect).every(([name, value]) => (params.get(name) ?? '') === value);
    const answered = () =>
      api !== null &&
      performance.getEntriesByType('resource').some((entry) => api.test(entry.name) && hasParams(new URL(entry.name).searchParams));
    const matches = () => {
      const rows = bench.rows();
      if (rows.count === 0 || rows.busy || rows.text === before) return false;
      return hasParams(new URLSearchParams(location.search)) || answered();
    };
    bench.armed = new Promise((done, fail) => {
      let settled = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        observer.disconnect();
        clearTimeout(timer);
        const domAt = performance.now();
        void bench.afterPaint().then((paintedAt) => {
          // For --trace (scripts/lib/bench-trace.mjs): where the rows were painted, on the trace's clock.
          performance.mark('bench:painted');
          done({ armedAt, domAt, paintedAt });
        });
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
