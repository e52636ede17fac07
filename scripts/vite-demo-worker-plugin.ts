/**
 * The demo backend's service worker (src/demo/worker/service-worker.ts) as one classic script at /demo-sw.js:
 * a service worker is not a module of the app's graph (its own entry, its own global scope, served from the
 * root so that its scope is the whole origin), so it is bundled apart, in one file (IIFE, the dynamic imports
 * inlined).
 * - `vite build`: emitted into the build only when the build's environment runs the demo (a build with real API
 *   URLs ships no demo backend).
 * - `vite` (dev): served at /demo-sw.js, bundled on first request and again after a change under src/.
 */
import { fileURLToPath, URL } from 'node:url';
import { build, loadEnv, type Plugin, type ResolvedConfig } from 'vite';
import { parseEnv, type RawEnv } from '../src/config/env.js';

const src = fileURLToPath(new URL('../src', import.meta.url));
const entry = fileURLToPath(new URL('../src/demo/worker/service-worker.ts', import.meta.url));
export const DEMO_WORKER_FILE = 'demo-sw.js';

async function bundleWorker(mode: 'production' | 'development'): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    mode,
    resolve: { alias: { '@': src } },
    // Libraries read process.env.NODE_ENV; a library build leaves it to its consumer, and this one has none.
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    build: {
      write: false,
      target: 'es2022',
      minify: mode === 'production',
      sourcemap: false,
      reportCompressedSize: false,
      copyPublicDir: false,
      emptyOutDir: false,
      lib: { entry, formats: ['iife'], name: 'ponteDemoBackend', fileName: () => DEMO_WORKER_FILE },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const output of outputs) {
    if (!('output' in output)) continue;
    const chunk = output.output.find((item) => item.type === 'chunk');
    if (chunk && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error('O service worker da demonstração não foi gerado.');
}

export function demoWorker(): Plugin {
  let config: ResolvedConfig;
  let devBundle: Promise<string> | null = null;
  return {
    name: 'ponte:demo-worker',
    configResolved(resolved) {
      config = resolved;
    },
    configureServer(server) {
      server.watcher.on('all', (_event, file) => {
        if (file.startsWith(src)) devBundle = null;
      });
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] !== `/${DEMO_WORKER_FILE}`) return next();
        devBundle ??= bundleWorker('development');
        devBundle.then(
          (code) => {
            response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            response.setHeader('Cache-Control', 'no-cache');
            response.end(code);
          },
          (error: unknown) => {
            devBundle = null;
            next(error);
          },
        );
      });
    },
    async generateBundle() {
      if (config.command !== 'build') return;
      const envDir = typeof config.envDir === 'string' ? config.envDir : config.root;
      const parsed = parseEnv(loadEnv(config.mode, envDir, 'VITE_') as RawEnv, { isProduction: false });
      // An invalid environment is reported by the deploy-headers plugin, naming the variable.
      if (!parsed.ok || !parsed.env.demo) return;
      this.emitFile({ type: 'asset', fileName: DEMO_WORKER_FILE, source: await bundleWorker('production') });
    },
  };
}
