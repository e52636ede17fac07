// The test helpers' naming rule (docs/quality.md, "Test helpers' names"): every function a helper module exports
// starts with the verb of what it does.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');

const PREFIXES = [
  'stored', 'seed', 'insert', 'arrange', 'make', 'call', 'render', 'expect', 'is', 'clear', 'reset', 'track', 'demo',
  // a person's step in the browser (end-to-end only)
  'sign', 'start', 'click', 'download',
  // the harness's own handles
  'test',
];
const RULE = new RegExp(`^(?:(?:${PREFIXES.join('|')})(?:[A-Z0-9]|$)|[A-Z][A-Z0-9_]*$)`);

/** Names kept on purpose: the HTTP primitives `call`/`json` of the unit tests' API helpers. */
const KEPT = new Set(['src/testing/demo-api.ts json']);

/**
 * The helper modules: everything in src/testing and src/server/testing (bar the harness's internals, the setup
 * files, a module's stand-in that keeps the module's names, and the route walk's and OpenAPI conformance's machinery,
 * which their own tests drive), the server's per-route fixtures, worlds and helpers, and the end-to-end support.
 */
function helperModules(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  const skipped = new Set([
    'src/testing/setup-tests.ts',
    'src/testing/fake-firebase.ts',
    'src/server/testing/apply-migrations.ts',
    'src/server/testing/access-walk.ts',
    'src/server/testing/conformance.ts',
  ]);
  const shared = [...walk('src/testing'), ...walk('src/server/testing')].filter(
    (file) => !file.startsWith('src/testing/workers/') && /\.tsx?$/.test(file) && !/\.(test|d)\.tsx?$/.test(file) && !skipped.has(file),
  );
  const perRoute = walk('src/server').filter((file) => /(^|\/)(fixtures|[\w-]+-fixtures|[\w-]+-world|test-helpers|pay-helpers)\.ts$/.test(file));
  return [...new Set([...shared, ...perRoute, 'tests/e2e/support.ts'])].sort();
}

/** The names of the functions a module exports (declarations and arrow functions). */
function exportedFunctions(source: string): string[] {
  const declared = [...source.matchAll(/^export (?:async )?function\s*\*?\s*([A-Za-z0-9_$]+)/gm)].map((match) => match[1] ?? '');
  const arrows = [...source.matchAll(/^export const ([A-Za-z0-9_$]+)\s*(?::[^=\n]+)?=\s*(?:async\s*)?(?:<[^>]*>\s*)?\(/gm)]
    .filter((match) => /=>/.test(source.slice(match.index ?? 0, source.indexOf('\n', (match.index ?? 0) + 1) + 200)))
    .map((match) => match[1] ?? '');
  return [...declared, ...arrows];
}

describe("test helpers' names", () => {
  const modules = helperModules();

  it('finds the helper modules', () => {
    expect(modules).toContain('src/testing/orders-data.ts');
    expect(modules).toContain('src/server/testing/api.ts');
    expect(modules).toContain('src/server/main/routes/remote-access/test-world.ts');
    expect(modules).toContain('tests/e2e/support.ts');
  });

  it('every exported function starts with the verb of what it does', () => {
    const offenders = modules.flatMap((file) =>
      exportedFunctions(readFileSync(join(ROOT, file), 'utf8'))
        .filter((name) => !RULE.test(name) && !KEPT.has(`${relative(ROOT, join(ROOT, file))} ${name}`))
        .map((name) => `${file}: ${name}`),
    );
    expect(offenders).toEqual([]);
  });
});
