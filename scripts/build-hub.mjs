// `npm run build:hub`: bundles the hub (src/hub/main.ts and what it imports, zod included) into ONE file,
// dist-hub/ponte-hub.mjs, runnable with `node` (≥ 20) or directly (`#!/usr/bin/env node`). Copy that file to the
// hub host; nothing else is needed there (docs/hub.md). Rolldown (Vite's bundler) does the work.
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { rolldown } from 'rolldown';

const root = resolve(import.meta.dirname, '..');
const outfile = join(root, 'dist-hub', 'ponte-hub.mjs');
const started = Date.now();
mkdirSync(join(root, 'dist-hub'), { recursive: true });

const bundle = await rolldown({
  input: join(root, 'src', 'hub', 'main.ts'),
  platform: 'node',
  resolve: { alias: { '@': join(root, 'src') } },
  external: [...builtinModules, ...builtinModules.map((name) => `node:${name}`)],
  tsconfig: join(root, 'tsconfig.json'),
});
await bundle.write({
  file: outfile,
  format: 'esm',
  banner: '#!/usr/bin/env node',
  codeSplitting: false,
  minify: false,
});
await bundle.close();
chmodSync(outfile, 0o755);
const size = statSync(outfile).size;
console.log(`[build:hub] ${outfile.replace(`${root}/`, '')}: ${(size / 1024).toFixed(1)} KiB em ${Date.now() - started} ms`);
