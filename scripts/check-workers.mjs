// `npm run workers:check`: bundles both Workers as `wrangler deploy` would (`--dry-run`, nothing is uploaded) and
// prints each bundle's size and gzip size; exits 1 when a bundle fails or is over Cloudflare's 3 MiB (gzip) limit
// for a Worker on the free plan. Then asks each bundle for its `GET /openapi.json` (the bundle itself, run in Node)
// and reads the document with an OpenAPI 3.1 validator (@seriousme/openapi-schema-validator, the specification's
// own JSON Schemas); exits 1 on any error in it. The documents are kept in reports/openapi-<worker>.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';

const LIMIT = 3 * 1024 * 1024;
const root = resolve(import.meta.dirname, '..');
const wrangler = join(root, 'node_modules', '.bin', 'wrangler');
let failed = false;

for (const worker of ['main', 'vpn']) {
  const outdir = mkdtempSync(join(tmpdir(), `ponte-${worker}-`));
  const started = Date.now();
  const run = spawnSync(wrangler, ['deploy', '--dry-run', '--outdir', outdir], {
    cwd: join(root, 'src', 'server', worker),
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' },
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    console.error(`[workers] ${worker}: wrangler deploy --dry-run falhou\n${run.stdout}\n${run.stderr}`);
    failed = true;
    continue;
  }
  const bundle = readdirSync(outdir).filter((file) => file.endsWith('.js'));
  const bytes = bundle.reduce((sum, file) => sum + readFileSync(join(outdir, file)).length, 0);
  const gzip = bundle.reduce((sum, file) => sum + gzipSync(readFileSync(join(outdir, file)), { level: 9 }).length, 0);
  const over = gzip > LIMIT;
  failed ||= over;
  console.log(
    `[workers] ${worker}: ${(bytes / 1024).toFixed(1)} KiB, gzip ${(gzip / 1024).toFixed(1)} KiB ` +
      `(limite 3072 KiB)${over ? ' — ACIMA DO LIMITE' : ''} em ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  failed ||= !(await checkDocument(worker, join(outdir, 'index.js')));
  rmSync(outdir, { recursive: true, force: true });
}

/** The bundle's own OpenAPI document, read by the validator. */
async function checkDocument(worker, bundle) {
  const { default: handler } = await import(pathToFileURL(bundle).href);
  const env = { FIREBASE_PROJECT_ID: 'ponte-iiot', ALLOWED_ORIGINS: '' };
  const response = await handler.fetch(new Request('http://localhost/openapi.json'), env, { waitUntil() {}, passThroughOnException() {} });
  if (response.status !== 200) {
    console.error(`[workers] ${worker}: GET /openapi.json respondeu ${response.status}`);
    return false;
  }
  const document = await response.json();
  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(join(root, 'reports', `openapi-${worker}.json`), `${JSON.stringify(document, null, 2)}\n`);
  const operations = Object.values(document.paths ?? {}).reduce((sum, path) => sum + Object.keys(path).length, 0);
  const result = await new Validator().validate(document);
  if (!result.valid) {
    console.error(`[workers] ${worker}: o documento OpenAPI não é válido (${document.openapi}):`);
    console.error(JSON.stringify(result.errors, null, 2).slice(0, 4000));
    return false;
  }
  console.log(`[workers] ${worker}: OpenAPI ${document.openapi} válido, ${operations} operações (reports/openapi-${worker}.json)`);
  return true;
}
process.exit(failed ? 1 : 0);
