// The lab's two demo machines (src/seed/lab.ts), read from the TypeScript seed (bundled with esbuild on the fly).
import { resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..', '..');

/** The module src/seed/lab.ts (its exports as they are). */
export async function loadLabSeed() {
  const out = await build({
    entryPoints: [resolve(root, 'src/seed/lab.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
    tsconfig: resolve(root, 'tsconfig.json'),
  });
  const code = out.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}
