// Shared plumbing of `npm run budget` and `npm run lighthouse`: production builds in their own folders, the
// static server with the deploy headers, the Auth emulator when a script needs to sign in, chunk analysis by
// source maps, and clean-up of every child process on exit or failure.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { emulatorIsUp, startAuthEmulator } from './auth-emulator.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { stopProcess } from './processes.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export { CHROMIUM_ARGS, CHROMIUM_PATH };

/** The real-API environment used to prove that a deployed build never touches the demo backend. */
export const REAL_API_ENV = {
  VITE_API_URL: 'https://api.ponteiiot.com.br',
  VITE_VPN_API_URL: 'https://vpn.ponteiiot.com.br',
  VITE_PAY_URL: 'https://pay.example.com.br',
  VITE_FIREBASE_API_KEY: 'x',
  VITE_FIREBASE_AUTH_DOMAIN: 'x.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'x',
};

// ---------------------------------------------------------------------------------------------------------
// Clean-up: every child and browser registers here; everything is stopped on exit, Ctrl+C or failure.
const cleanups = [];
const children = new Set();

export function onCleanup(fn) {
  cleanups.push(fn);
}

export async function cleanup() {
  while (cleanups.length > 0) {
    const fn = cleanups.pop();
    try {
      await fn();
    } catch {
      // best effort
    }
  }
}

function killAll(signal) {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        child.kill(signal);
      } catch {
        // already gone
      }
    }
  }
}

let interrupted = false;
process.on('exit', () => killAll('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\nInterrompido (${signal}); encerrando servidores e navegadores...`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** Playwright launch options: our own flags, and our signal handlers (not Playwright's) clean up. */
export const LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
  handleSIGINT: false,
  handleSIGTERM: false,
  handleSIGHUP: false,
};

/** Runs the main function of a script; any failure is printed, children are stopped, exit code 1. */
export function main(fn) {
  fn()
    .then(async (code) => {
      await cleanup();
      process.exit(code ?? 0);
    })
    .catch(async (error) => {
      if (interrupted) return; // the signal handler is already cleaning up
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      const lines = text.split('\n');
      console.error(`\nERRO: ${lines.slice(0, 25).join('\n')}${lines.length > 25 ? '\n  ...' : ''}`);
      await cleanup();
      process.exit(1);
    });
}

export function track(child) {
  children.add(child);
  child.on('exit', () => children.delete(child));
  onCleanup(() => stopProcess(child, 'SIGTERM'));
  return child;
}

// ---------------------------------------------------------------------------------------------------------
// Arguments

export function parseArgs(argv = process.argv.slice(2)) {
  const out = { _: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      out._.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split('=', 2);
    if (inline !== undefined) out[name] = inline;
    else if (argv[i + 1] && !argv[i + 1].startsWith('--')) out[name] = argv[++i];
    else out[name] = true;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Builds

/** process.env without any VITE_* variable: a build "as on a fresh clone" (the .env files still apply). */
export function cleanEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('VITE_')) env[key] = value;
  return { ...env, ...extra };
}

function run(command, args, { cwd = ROOT, env = process.env, quiet = true } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = track(spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] }));
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (!quiet) process.stdout.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolvePromise(output);
      else reject(new Error(`${command} ${args.join(' ')} terminou com ${signal ?? code}:\n${output}`));
    });
  });
}

/**
 * Builds for production into outDir. `npm: true` runs exactly `npm run build -- --outDir ...` (the timing the
 * quality bar talks about); otherwise Vite's binary directly (also used for the throwaway comparison app).
 */
export async function buildApp({ outDir, env = cleanEnv(), cwd = ROOT, npm = false }) {
  const started = performance.now();
  const absoluteOut = resolve(cwd, outDir);
  if (npm) {
    await run('npm', ['run', 'build', '--silent', '--', '--outDir', absoluteOut, '--emptyOutDir'], { cwd, env });
  } else {
    const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    await run(process.execPath, [vite, 'build', '--outDir', absoluteOut, '--emptyOutDir'], { cwd, env });
  }
  return { dir: absoluteOut, ms: performance.now() - started };
}

/** Removes a build folder on exit unless --keep was given (ESLint and editors would otherwise index it). */
export function removeOnExit(dir, keep) {
  if (!keep) onCleanup(() => rmSync(dir, { recursive: true, force: true }));
}

// ---------------------------------------------------------------------------------------------------------
// Static server (scripts/serve-dist.mjs: the dist/_headers rules and the SPA fallback)

function portIsFree(port) {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen({ port, host: 'localhost' }, () => probe.close(() => done(true)));
  });
}

export async function freePort(preferred) {
  for (let port = preferred; port < preferred + 50; port += 1) if (await portIsFree(port)) return port;
  throw new Error(`Nenhuma porta livre entre ${preferred} e ${preferred + 49}.`);
}

export async function serveDist(dir, preferredPort) {
  const port = await freePort(preferredPort);
  const child = track(
    spawn(process.execPath, [join(ROOT, 'scripts', 'serve-dist.mjs')], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), DIST_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const origin = `http://localhost:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`O servidor de ${dir} encerrou:\n${output}`);
    try {
      const response = await fetch(`${origin}/`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) break;
    } catch {
      // not yet
    }
    if (Date.now() - started > 15_000) throw new Error(`O servidor de ${dir} não respondeu em ${origin}.`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { origin, port, child };
}

const COMPRESSIBLE = /^(?:text\/|application\/(?:javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

/**
 * scripts/serve-dist.mjs behind a gzip proxy: static hosts (Cloudflare Pages, Netlify) compress text on the
 * way out, serve-dist does not. Lighthouse must see what a visitor gets, so it measures through this.
 * Bodies are compressed once (gzip -9, the budget's measure) and kept in memory.
 */
export async function serveDistCompressed(dir, preferredPort) {
  const upstream = await serveDist(dir, preferredPort + 100);
  const port = await freePort(preferredPort);
  const cache = new Map();
  const server = createHttpServer(async (request, response) => {
    try {
      const headers = { ...request.headers };
      delete headers['accept-encoding'];
      const answer = await fetch(`${upstream.origin}${request.url}`, { method: request.method, headers, redirect: 'manual' });
      const out = Object.fromEntries(answer.headers);
      delete out['content-length'];
      delete out['transfer-encoding'];
      delete out.connection;
      delete out['keep-alive'];
      const body = Buffer.from(await answer.arrayBuffer());
      const wantsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      if (wantsGzip && COMPRESSIBLE.test(out['content-type'] ?? '') && body.length > 0) {
        const key = `${request.url}\u0000${body.length}`;
        let gz = cache.get(key);
        if (!gz) cache.set(key, (gz = gzipSync(body, { level: 9 })));
        out['content-encoding'] = 'gzip';
        out.vary = 'Accept-Encoding';
        out['content-length'] = String(gz.length);
        response.writeHead(answer.status, out).end(request.method === 'HEAD' ? undefined : gz);
      } else {
        out['content-length'] = String(body.length);
        response.writeHead(answer.status, out).end(request.method === 'HEAD' ? undefined : body);
      }
    } catch (error) {
      response.writeHead(502, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  await new Promise((done) => server.listen(port, 'localhost', done));
  onCleanup(() => new Promise((done) => server.close(() => done())));
  return { origin: `http://localhost:${port}`, port };
}

// ---------------------------------------------------------------------------------------------------------
// Firebase Auth emulator (needed to sign in; reused when someone already runs one)

export async function ensureEmulator() {
  const wasUp = await emulatorIsUp();
  const child = await startAuthEmulator({ log: (line) => console.log(`  ${line}`) });
  if (child) {
    track(child);
    console.log('  (emulador iniciado por este script; será encerrado ao final)');
  } else if (wasUp) {
    console.log('  (emulador já em execução; reutilizado)');
  }
}

// ---------------------------------------------------------------------------------------------------------
// Chunks: gzip sizes and what the source maps say they contain

export const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;
export const kb = (bytes) => bytes / 1024;
export const fmtKb = (bytes) => kb(bytes).toFixed(1);

/** Libraries that must never reach the landing's first load, by source-map path. */
export const LANDING_FORBIDDEN = [
  ['Firebase', /node_modules\/(?:firebase|@firebase)\//],
  ['Redux/RTK', /node_modules\/(?:@reduxjs|react-redux|redux)\//],
  ['React Router', /node_modules\/react-router(?:-dom)?\//],
  ['Sentry', /node_modules\/@sentry(?:-internal)?\//],
  ['Radix', /node_modules\/@radix-ui\//],
];

/** The unit tests' backend (MSW, its handlers, the test helpers): never in a build. */
const TEST_BACKEND_SOURCE = /(?:^|\/)src\/(?:seed|testing)\/|node_modules\/(?:msw|@mswjs)\//;
const SENTRY_SOURCE = /node_modules\/@sentry(?:-internal)?\//;

/** Every emitted JS/CSS file of a build, with its gzip size and, for JS, the sources of its map. */
export function analyseBuild(dir) {
  const assets = join(dir, 'assets');
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  // The entry and what it imports statically (React's vendor chunk): the first-load shell. A production build
  // hands them to the landing's inline loader ({"entry": …, "preload": […]}, scripts/vite-landing-prerender-plugin.ts);
  // the development index.html links them.
  const loader = /\}\)\((\{"entry":[\s\S]*?\})\)<\/script>/.exec(html);
  const config = loader ? JSON.parse(loader[1]) : null;
  const linked = config
    ? [config.entry, ...config.preload]
    : [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  const entries = new Set(linked.map((href) => href.replace(/^\/assets\//, '')));
  const chunks = new Map();
  for (const name of readdirSync(assets)) {
    if (!/\.(?:js|css)$/.test(name)) continue;
    const body = readFileSync(join(assets, name));
    const mapFile = join(assets, `${name}.map`);
    const sources = existsSync(mapFile)
      ? (JSON.parse(readFileSync(mapFile, 'utf8')).sources ?? []).map((s) => s.replaceAll('\\', '/'))
      : [];
    const testBackend = name.endsWith('.js') && sources.some((s) => TEST_BACKEND_SOURCE.test(s));
    const sentry = name.endsWith('.js') && sources.some((s) => SENTRY_SOURCE.test(s));
    chunks.set(name, {
      name,
      type: name.endsWith('.css') ? 'css' : 'js',
      raw: body.length,
      gzip: gzipSize(body),
      sources,
      testBackend,
      sentry,
      entry: entries.has(name),
      imports: name.endsWith('.js') ? staticImports(body.toString('utf8')) : [],
    });
  }
  return chunks;
}

/** The sibling chunks a built chunk imports statically (`import … from"./x.js"`, `import"./x.js"`, re-exports). */
function staticImports(code) {
  const names = new Set();
  for (const match of code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g)) names.add(match[1]);
  return [...names];
}

/** Names of forbidden libraries found in a chunk's sources. */
export function forbiddenIn(chunk) {
  return LANDING_FORBIDDEN.filter(([, pattern]) => chunk.sources.some((s) => pattern.test(s))).map(([n]) => n);
}

export function assetName(url) {
  const { pathname } = new URL(url);
  return pathname.startsWith('/assets/') ? basename(pathname) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Tables

export function table(headers, rows, align = []) {
  const widths = headers.map((h, i) => Math.max(String(h).length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells
      .map((cell, i) => (align[i] === 'r' ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i])))
      .join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The same table as GitHub Markdown (e.g. for docs/quality.md). */
export function markdownTable(headers, rows, align = []) {
  const sep = headers.map((_, i) => (align[i] === 'r' ? '---:' : '---'));
  return [headers, sep, ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}
