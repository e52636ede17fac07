// npm run lighthouse: Lighthouse 12 (default config = mobile preset, simulated throttling), 3 runs each on the
// landing and the two sign-in pages of the production build as deployed (real API URLs: no demo backend),
// served with gzip like the static hosts; medians of the four category scores and of LCP/TBT/CLS, checked
// against the floors below (LANDING_FLOORS, SIGN_IN_FLOORS; docs/quality.md). --with-demo adds the demo build, for information.
// When a category is under its floor, the failing audits are listed. Exit code 1 on any breach (`npm test` runs it).
//
//   node scripts/lighthouse.mjs [--runs 3] [--port 4177] [--keep] [--with-demo]
//   node scripts/lighthouse.mjs --only landing       (one area's page, no reference page: for quick iteration)
//   node scripts/lighthouse.mjs --dist dist-x        (an existing build instead of a fresh real-API build)
//   node scripts/lighthouse.mjs --report-only        (the same table and verdicts, exit 0 even under a floor)
//   node scripts/lighthouse.mjs --no-confirm         (judge on the first median of 3 even when it is under a floor)
//   node scripts/lighthouse.mjs --bare /tmp/other-app      (only "/" of another Vite app, same method)
//
// A performance median under its floor is confirmed with as many runs again, and judged on the median of all of
// them (printed as "(6 execuções)"): single runs on this 2-core machine spread about ±2 points.
//
// Every run also measures reference/ (a bare React + React Router page built with the same Vite), printed
// beside the app's pages without floors: what this stack scores on this machine in the same run.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { requireChromium } from './lib/chromium.mjs';
import {
  buildApp,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  cleanEnv,
  ensureEmulator,
  main,
  onCleanup,
  parseArgs,
  REAL_API_ENV,
  removeOnExit,
  ROOT,
  serveDistCompressed,
  table,
} from './lib/quality.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const LANDING_FLOORS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };
// Sign-in pages are noindex by design: SEO is printed, not floored.
const SIGN_IN_FLOORS = { performance: 95, accessibility: 100, 'best-practices': 100 };

const args = parseArgs();
const runs = Number(args.runs ?? 3);
const keep = Boolean(args.keep);
const preferredPort = Number(args.port ?? process.env.LIGHTHOUSE_PORT ?? 4177);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One Lighthouse run in a fresh headless Chromium (own profile, nothing cached). */
async function runOnce(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
    handleSIGINT: false,
    logLevel: 'silent',
  });
  const stop = async () => {
    try {
      await chrome.kill();
    } catch {
      // already gone
    }
  };
  onCleanup(stop);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!result?.lhr) throw new Error(`Lighthouse não retornou resultado para ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    await stop();
  }
}

/** Lighthouse sometimes loses the trace (NO_NAVSTART, NO_FCP on a busy machine): try again, twice at most. */
async function runWithRetry(url, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url);
    } catch (error) {
      if (attempt >= attempts) throw error;
      process.stdout.write(` [${error instanceof Error ? error.message.split('\n')[0] : error}; nova tentativa]`);
    }
  }
}

function summarise(lhrs) {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round(median(lhrs.map((l) => (l.categories[id]?.score ?? 0) * 100)))]),
  );
  const metric = (id) => median(lhrs.map((l) => l.audits[id]?.numericValue ?? Number.NaN));
  return {
    scores,
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: Number(metric('cumulative-layout-shift').toFixed(3)),
    fcpMs: Math.round(metric('first-contentful-paint')),
    runs: lhrs.map((l) => Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((l.categories[id]?.score ?? 0) * 100)]))),
  };
}

/** Audits that cost points in a category (from every run, deduplicated), with their titles. */
function failingAudits(lhrs, category) {
  const found = new Map();
  for (const lhr of lhrs) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || ['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode)) continue;
      const threshold = category === 'performance' ? 0.9 : 1;
      if (audit.score < threshold && (ref.weight > 0 || category === 'performance')) {
        const detail = audit.displayValue ? ` (${audit.displayValue})` : '';
        found.set(ref.id, `${ref.id}: ${audit.title}${detail}`);
      }
    }
  }
  return [...found.values()];
}

async function measureRuns(origin, page, lhrs, count) {
  const total = lhrs.length + count;
  for (let i = lhrs.length + 1; i <= total; i += 1) {
    process.stdout.write(`  ${page.label}: execução ${i}/${total}...`);
    const started = performance.now();
    const lhr = await runWithRetry(`${origin}${page.path}`);
    lhrs.push(lhr);
    const s = CATEGORIES.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)).join('/');
    console.log(` ${s} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
}

const underFloors = (page, summary) => Object.entries(page.floors ?? {}).filter(([id, floor]) => summary.scores[id] < floor);

async function measurePages(origin, pages) {
  const results = [];
  for (const page of pages) {
    const lhrs = [];
    await measureRuns(origin, page, lhrs, runs);
    let summary = summarise(lhrs);
    // A performance median under its floor is confirmed before it fails the run: single runs on a shared 2-core
    // machine spread about ±2 points, so `runs` more runs are made and the verdict is the median of all of them.
    // A real regression stays under the floor; one disturbed run among three no longer decides alone.
    if (underFloors(page, summary).some(([id]) => id === 'performance') && !args['no-confirm']) {
      console.log(`  ${page.label}: performance ${summary.scores.performance} na mediana de ${runs}, abaixo do piso; confirmando com mais ${runs} execuções`);
      await measureRuns(origin, page, lhrs, runs);
      summary = summarise(lhrs);
    }
    const below = underFloors(page, summary);
    const audits = Object.fromEntries(below.map(([id]) => [id, failingAudits(lhrs, id)]));
    // Also list what costs points where there is no floor (SEO of sign-in pages), for information.
    const info = Object.fromEntries(
      CATEGORIES.filter((id) => !(id in (page.floors ?? {})) && summary.scores[id] < 100).map((id) => [id, failingAudits(lhrs, id)]),
    );
    const label = lhrs.length === runs ? page.label : `${page.label} (${lhrs.length} execuções)`;
    results.push({ ...page, label, ...summary, below: below.map(([id, floor]) => ({ id, floor, median: summary.scores[id] })), audits, info, lhrs });
  }
  return results;
}

function printTable(results) {
  const floorText = (page, id) => (page.floors && id in page.floors ? `≥${page.floors[id]}` : 'n/a');
  console.log(
    table(
      ['page', 'perf', 'a11y', 'best-pr.', 'SEO', 'LCP', 'TBT', 'CLS', 'floors (perf/a11y/bp/seo)', 'verdict'],
      results.map((r) => [
        r.label,
        r.scores.performance,
        r.scores.accessibility,
        r.scores['best-practices'],
        r.scores.seo,
        `${(r.lcpMs / 1000).toFixed(2)} s`,
        `${r.tbtMs} ms`,
        r.cls.toFixed(3),
        r.floors ? CATEGORIES.map((id) => floorText(r, id)).join('/') : '—',
        r.floors ? (r.below.length === 0 ? 'OK' : `FAIL (${r.below.map((b) => b.id).join(', ')})`) : '—',
      ]),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'l'],
    ),
  );
  for (const r of results) {
    for (const [category, list] of Object.entries(r.audits)) {
      console.log(`\n${r.label} — ${category} abaixo do piso; auditorias que tiram pontos:`);
      for (const line of list.length ? list : ['(nenhuma auditoria individual; variação de medida)']) console.log(`  - ${line}`);
    }
    for (const [category, list] of Object.entries(r.info)) {
      if (list.length) console.log(`\n${r.label} — ${category} (sem piso) perde pontos em: ${list.join('; ')}`);
    }
  }
}

/** A page's summary without its full Lighthouse results (those are saved apart, one per page). */
function withoutRuns(result) {
  return Object.fromEntries(Object.entries(result).filter(([key]) => key !== 'lhrs'));
}

function save(name, results, extra = {}) {
  const dir = join(ROOT, 'reports');
  mkdirSync(dir, { recursive: true });
  const slim = results.map(withoutRuns);
  writeFileSync(
    join(dir, `${name}.json`),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), lighthouse: results[0]?.lhrs[0]?.lighthouseVersion, runs, pages: slim, ...extra }, null, 2)}\n`,
  );
  // The median-performance run of each page, for the Lighthouse viewer.
  for (const r of results) {
    const sorted = [...r.lhrs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const slug = r.label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();
    writeFileSync(join(dir, `${name}-${slug}.lhr.json`), JSON.stringify(sorted[Math.floor(sorted.length / 2)]));
  }
}

async function run() {
  requireChromium(); // no browser on this machine: one pt-BR line and exit 1, before any build
  if (args.bare) {
    const dir = resolve(String(args.bare));
    console.log(`Comparação: build de produção de ${dir} ...`);
    const build = await buildApp({ cwd: dir, outDir: 'dist', env: cleanEnv() });
    const server = await serveDistCompressed(build.dir, preferredPort);
    console.log(`Lighthouse ${runs}x (mobile) em ${server.origin}/`);
    const results = await measurePages(server.origin, [{ label: 'bare React + React Router /', path: '/' }]);
    console.log('\nMedianas');
    printTable(results);
    save('lighthouse-bare', results);
    return 0;
  }

  // The floors apply to the build as deployed (real API URLs). --with-demo also measures the fresh-clone demo
  // build, for information (its sign-in pages show the demo accounts and ping the Auth emulator).
  const allPages = [
    { label: 'landing /', path: '/', floors: LANDING_FLOORS },
    { label: 'portal /portal/login', path: '/portal/login', floors: SIGN_IN_FLOORS },
    { label: 'backoffice /backoffice/backoffice-login', path: '/backoffice/backoffice-login', floors: SIGN_IN_FLOORS },
  ];
  const only = typeof args.only === 'string' ? args.only : null;
  const pages = only ? allPages.filter((page) => page.label.startsWith(only)) : allPages;
  if (pages.length === 0) throw new Error(`--only ${only}: use landing, portal ou backoffice`);
  console.log('Build de produção com URLs reais de API (VITE_API_URL=https://api.ponteiiot.com.br ...) em dist-lh ...');
  const build = args.dist ? { dir: resolve(String(args.dist)) } : await buildApp({ outDir: 'dist-lh', env: cleanEnv(REAL_API_ENV) });
  if (!args.dist) removeOnExit(build.dir, keep);
  const server = await serveDistCompressed(build.dir, preferredPort);
  console.log(`Lighthouse ${runs}x por página (preset mobile) em ${server.origin} (servido com gzip, como nos hosts estáticos)`);
  const results = await measurePages(server.origin, pages);

  let baseline = [];
  if (!only) {
    console.log('Página de referência (reference/: React + React Router, mesmo Vite) em dist-lh-baseline ...');
    const baselineBuild = await buildApp({ cwd: join(ROOT, 'reference'), outDir: join(ROOT, 'dist-lh-baseline'), env: cleanEnv() });
    removeOnExit(baselineBuild.dir, keep);
    const baselineServer = await serveDistCompressed(baselineBuild.dir, server.port + 2);
    baseline = await measurePages(baselineServer.origin, [{ label: 'referência: React + React Router /', path: '/' }]);
  }

  let demoResults = null;
  if (args['with-demo']) {
    console.log('\nBuild de demonstração (como num clone novo) em dist-lh-demo ...');
    const demoBuild = await buildApp({ outDir: 'dist-lh-demo' });
    removeOnExit(demoBuild.dir, keep);
    console.log('Emulador do Firebase Auth (as páginas de entrada da demo verificam se ele responde):');
    await ensureEmulator();
    const demoServer = await serveDistCompressed(demoBuild.dir, server.port + 1);
    demoResults = await measurePages(
      demoServer.origin,
      pages.map((page) => ({ label: `${page.label} (demo)`, path: page.path })),
    );
  }

  console.log(`\nMedianas de ${runs} execuções por página, salvo indicação (Lighthouse ${results[0]?.lhrs[0]?.lighthouseVersion}, mobile, throttling simulado)`);
  printTable([...results, ...baseline]);
  if (demoResults) {
    console.log('\nBuild de demonstração (informativo, sem pisos)');
    printTable(demoResults);
  }
  const failures = results.flatMap((r) => r.below.map((b) => `${r.label}: ${b.id} ${b.median} < ${b.floor}`));
  save('lighthouse', results, { failures, ok: failures.length === 0, baseline: baseline.map(withoutRuns) });
  if (demoResults) save('lighthouse-demo', demoResults);
  console.log('\nRelatório: reports/lighthouse.json (+ a execução mediana de cada página em reports/lighthouse-*.lhr.json)');
  if (failures.length > 0) {
    console.error(`\nPISOS NÃO ATINGIDOS (${failures.length}):\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    if (args['report-only']) {
      console.error('(--report-only: registrado acima, sem falhar a execução; `npm run lighthouse` falha nesse caso.)');
      return 0;
    }
    return 1;
  }
  console.log('\nTodos os pisos atingidos.');
  return 0;
}

main(run);
