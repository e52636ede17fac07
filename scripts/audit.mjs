// npm run audit: `npm audit --omit=dev` (what ships to browsers), a table of the advisories found, and exit 1 when
// any is high or critical (docs/quality.md). Run by `npm test`.
//
// The advisory service is part of the registry. Where it cannot be reached (offline, or a mirror that refuses the
// bulk endpoint - this workplace's answers 405), nothing was checked: the script says so in capitals and exits 0,
// or 1 with --strict (use it where the registry is the public one, e.g. before a deploy).
//
//   node scripts/audit.mjs [--strict]
//   node scripts/audit.mjs --from-json report.json   (judge a saved `npm audit --omit=dev --json` from another machine)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { main, parseArgs, ROOT, table } from './lib/quality.mjs';

const FAILING = new Set(['high', 'critical']);
const args = parseArgs();

function runAudit() {
  if (typeof args['from-json'] === 'string') return JSON.parse(readFileSync(args['from-json'], 'utf8'));
  const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  try {
    return JSON.parse(result.stdout);
  } catch {
    return { error: { summary: (result.stderr || result.stdout || `npm audit saiu com ${result.status}`).trim().split('\n').at(-1) } };
  }
}

/** The advisories behind a vulnerable package (its `via` entries that are advisories, not other packages). */
function advisories(vulnerability) {
  return vulnerability.via.filter((via) => typeof via === 'object');
}

main(async () => {
  const report = runAudit();
  if (!report.metadata) {
    const reason = report.message || report.error?.summary || 'sem resposta';
    console.error(`AUDITORIA NÃO FEITA: o serviço de avisos do registro não respondeu (${reason}).`);
    console.error('Nenhuma dependência foi verificada nesta execução.');
    return args.strict ? 1 : 0;
  }
  const counts = report.metadata.vulnerabilities;
  const rows = Object.values(report.vulnerabilities ?? {}).flatMap((vulnerability) =>
    advisories(vulnerability).map((advisory) => [
      vulnerability.name,
      advisory.severity,
      advisory.range ?? vulnerability.range,
      advisory.title,
      advisory.url ?? '',
      vulnerability.fixAvailable ? 'sim' : 'não',
    ]),
  );
  console.log(`npm audit --omit=dev: ${report.metadata.dependencies?.prod ?? '?'} dependências de produção`);
  console.log(`avisos: crítico ${counts.critical}, alto ${counts.high}, moderado ${counts.moderate}, baixo ${counts.low}, info ${counts.info}`);
  if (rows.length > 0) console.log(table(['pacote', 'gravidade', 'versões', 'aviso', 'url', 'correção'], rows));
  const failing = rows.filter((row) => FAILING.has(row[1]));
  if (failing.length > 0) {
    console.error(`\n${failing.length} aviso(s) alto(s) ou crítico(s): atualize as versões afetadas (npm audit fix --omit=dev).`);
    return 1;
  }
  console.log('\nNenhum aviso alto ou crítico.');
  return 0;
});
