// npm test: every check, in stages (what CI runs through .ci/run). The checks of a stage run side by side when
// they do not compete for the same thing: lint and the type checks are one core each; the tunnel's network test
// mostly waits on its namespaces' handshakes, so it runs beside the server's tests. The timing gates (budget,
// Lighthouse, bench) run alone, last. Stops at the first stage that fails; prints every check's time at the end.
//
// `--from <check>` starts at that check's stage (e.g. after fixing an end-to-end failure: --from test:e2e).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** Stages in order; a stage's checks (npm scripts) run at once. */
const STAGES = [
  ['lint', 'typecheck', 'audit', 'workers:check', 'test:scripts'],
  ['test:unit'],
  ['test:server', 'test:network'],
  ['test:e2e'],
  ['test:first-deploy'],
  ['budget'],
  ['lighthouse'],
  ['bench'],
];

const fromArg = process.argv.indexOf('--from');
const from = fromArg >= 0 ? process.argv[fromArg + 1] : undefined;
const firstStage = from ? STAGES.findIndex((stage) => stage.includes(from)) : 0;
if (firstStage < 0) {
  console.error(`[test] --from ${from}: não é um dos passos (${STAGES.flat().join(', ')}).`);
  process.exit(2);
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/**
 * Runs `npm run <script>`. The first check of a stage writes to the terminal as it goes; the others' output is kept
 * and written once they end, so two checks' lines never interleave.
 */
function run(script, live) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn('npm', ['run', script], { cwd: root, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    if (!live) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('close', (code, signal) => {
      if (!live) process.stdout.write(Buffer.concat(chunks));
      done({ script, ok: code === 0, code: code ?? signal, ms: Date.now() - started });
    });
  });
}

const results = [];
const started = Date.now();
let failed = false;
for (const stage of STAGES.slice(firstStage)) {
  if (stage.length > 1) console.log(`\n[test] ao mesmo tempo: ${stage.join(', ')}`);
  const outcome = await Promise.all(stage.map((script, index) => run(script, index === 0)));
  results.push(...outcome);
  if (outcome.some((result) => !result.ok)) {
    failed = true;
    break;
  }
}

console.log('\n[test] tempo de cada passo:');
for (const result of results) {
  console.log(`  ${result.ok ? 'ok   ' : 'FALHOU'} ${result.script.padEnd(14)} ${seconds(result.ms).padStart(6)}${result.ok ? '' : ` (código ${result.code})`}`);
}
console.log(`  total ${seconds(Date.now() - started)}`);
process.exit(failed ? 1 : 0);
