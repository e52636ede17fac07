/**
 * Vitest's global setup for the browser's unit tests: bundles src/testing/workers/harness.ts (the main, VPN and
 * payment Workers' handlers) and runs it in one Miniflare (workerd) on loopback, with one D1 database per Vitest
 * worker ("slot"). The tests reach it through MSW (src/testing/workers/backend.ts) at the URL this provides.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import type { TestProject } from 'vitest/node';
import { TEST_NOW, TEST_VARS } from './config';

declare module 'vitest' {
  export interface ProvidedContext {
    workersUrl: string;
  }
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** main/wrangler.jsonc's `ratelimits`: binding → { limit, period }. */
function rateLimits(): Record<string, { limit: number; period: number }> {
  const text = readFileSync(here('../../server/main/wrangler.jsonc'), 'utf8');
  // JSONC: comments out (none sits inside a string of this file), then trailing commas.
  const config = JSON.parse(text.replace(/^\s*\/\/.*$/gm, '').replace(/,(\s*[}\]])/g, '$1')) as {
    ratelimits?: { name: string; simple: { limit: number; period: number } }[];
  };
  return Object.fromEntries((config.ratelimits ?? []).map(({ name, simple }) => [name, simple]));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bundle = await build({
    entryPoints: [here('./harness.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    alias: { '@': here('../..') },
    logLevel: 'error',
  });
  const script = bundle.outputFiles[0]?.text;
  if (!script) throw new Error('harness: empty bundle');
  const migrations = await readD1Migrations(here('../../server/migrations'));
  // One database per Vitest worker: VITEST_POOL_ID counts from 1 up to maxWorkers ('100%': the cores).
  const slots = Math.max(2, availableParallelism());
  const databases = Object.fromEntries(Array.from({ length: slots }, (_, index) => [`DB_${index + 1}`, `unit-${index + 1}`]));
  const mf = new Miniflare({
    modules: true,
    script,
    compatibilityDate: '2026-04-01',
    host: '127.0.0.1',
    port: 0,
    d1Databases: databases,
    bindings: {
      MIGRATIONS: JSON.stringify(migrations),
      RATE_LIMITS: JSON.stringify(rateLimits()),
      TEST_NOW: String(TEST_NOW),
      VARS: JSON.stringify(TEST_VARS),
    },
  });
  const url = await mf.ready;
  project.provide('workersUrl', url.origin);
  return async () => {
    await mf.dispose();
  };
}
