// `npm run workers:check`: bundles both Workers as `wrangler deploy` would (`--dry-run`, nothing is uploaded) and
// prints each bundle's size and gzip size; exits 1 when a bundle fails or is over Cloudflare's 3 MiB (gzip) limit
// for a Worker on the free plan.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

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
  rmSync(outdir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
