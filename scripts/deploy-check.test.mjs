// `node --test scripts/deploy-check.test.mjs`: npm run deploy:check against the repository's own configuration (its
// development placeholders are listed as missing: exit 1) and against a complete, fake production (exit 0).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { deployCheck, formatTable, parseEnvFile, parseJsonc, PLACEHOLDER_DATABASE_ID } from './deploy-check.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCRIPT = path.join(ROOT, 'scripts/deploy-check.mjs');
const DATABASE_ID = '3f6c1a52-9b0e-4d7a-8c21-5e4f7a9b0c13';
const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

const PRODUCTION_ENV = {
  VITE_API_URL: 'https://api.ponteiiot.com.br',
  VITE_VPN_API_URL: 'https://vpn.ponteiiot.com.br',
  VITE_PAY_URL: 'https://pagamentos.exemplo.com.br',
  VITE_FIREBASE_API_KEY: 'AIzaSyFakeKeyForTheDeployCheckTest000',
  VITE_FIREBASE_AUTH_DOMAIN: 'ponte-iiot.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'ponte-iiot',
  PONTE_HUB_API_URL: 'https://vpn.ponteiiot.com.br',
  PONTE_HUB_ID: 'hub_01JABCDEF',
  PONTE_HUB_TOKEN: 'credencial-do-hub',
};

const temporary = [];
after(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the repository's two configurations with `edit` applied to each parsed config. */
function arrangeConfigs(edit) {
  const root = mkdtempSync(path.join(tmpdir(), 'deploy-check-'));
  temporary.push(root);
  for (const name of ['main', 'vpn']) {
    const config = parseJsonc(readFileSync(path.join(ROOT, 'src/server', name, 'wrangler.jsonc'), 'utf8'));
    mkdirSync(path.join(root, 'src/server', name), { recursive: true });
    writeFileSync(path.join(root, 'src/server', name, 'wrangler.jsonc'), `// ${name}\n${JSON.stringify(edit(config, name), null, 2)}\n`);
  }
  return root;
}

const production = (config, name) => ({
  ...config,
  d1_databases: config.d1_databases.map((database) => ({ ...database, database_id: DATABASE_ID })),
  vars: { ...config.vars, ...(name === 'main' ? { PAY_URL: 'https://pagamentos.exemplo.com.br' } : {}) },
});

function callCli(args, env = {}) {
  const result = spawnSync(process.execPath, [SCRIPT, ...args], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const stateOf = (rows, setting, source) => rows.find((row) => row.setting === setting && (!source || row.source.startsWith(source)))?.state;

describe('npm run deploy:check', () => {
  it("lists the repository's development placeholders as missing and exits 1", () => {
    const { rows, ok } = deployCheck({ env: {} });
    assert.equal(ok, false);
    assert.equal(stateOf(rows, 'D1 database_id', 'main'), 'faltando');
    assert.equal(stateOf(rows, 'D1 database_id', 'vpn'), 'faltando');
    assert.match(rows.find((row) => row.setting === 'D1 database_id').detail, /npx wrangler d1 create ponte/);
    assert.equal(stateOf(rows, 'PAY_URL (pagamentos)'), 'faltando');
    for (const secret of ['SECRETS_KEY', 'WEBHOOK_SECRET', 'MAIL_API_KEY', 'FIREBASE_SERVICE_ACCOUNT']) assert.equal(stateOf(rows, `${secret} (segredo)`), 'faltando');
    assert.equal(stateOf(rows, 'VITE_API_URL'), 'faltando');
    assert.equal(stateOf(rows, 'PONTE_HUB_ID (hub cadastrado)'), 'faltando');
    // What the repository already has right is listed as right.
    assert.equal(stateOf(rows, 'ALLOWED_ORIGINS (CORS)', 'main'), 'ok');
    assert.equal(stateOf(rows, 'MAIL_FROM (e-mail)'), 'ok');
    assert.equal(stateOf(rows, 'fila de e-mails'), 'ok');

    const cli = callCli([]);
    assert.equal(cli.status, 1);
    assert.match(cli.stdout, /^Configuração +\| Onde +\| Estado +\| Detalhe$/m);
    assert.match(cli.stdout, new RegExp(`^D1 database_id +\\| main/wrangler\\.jsonc +\\| faltando +\\| ainda o id de exemplo`, 'm'));
    assert.match(cli.stdout, /configuração\(ões\) faltando ou inválida\(s\)\.$/m);
  });

  it('passes a complete production (env file, wrangler secret list) with exit 0', () => {
    const root = arrangeConfigs(production);
    const secrets = ['SECRETS_KEY', 'WEBHOOK_SECRET', 'MAIL_API_KEY', 'FIREBASE_SERVICE_ACCOUNT'].map((name) => ({ name, type: 'secret_text' }));
    writeFileSync(path.join(root, 'secrets.json'), JSON.stringify(secrets));
    writeFileSync(path.join(root, '.env.production'), Object.entries(PRODUCTION_ENV).map(([key, value]) => `${key}=${value}`).join('\n'));

    const cli = callCli(['--root', root, '--env-file', path.join(root, '.env.production'), '--secrets', path.join(root, 'secrets.json')]);
    assert.equal(cli.stderr, '');
    assert.equal(cli.status, 0, cli.stdout);
    assert.match(cli.stdout, /^Tudo pronto para o deploy\.$/m);
    assert.doesNotMatch(cli.stdout, /\| (faltando|inválido) +\|/);
  });

  it('checks the secrets given as values, and refuses invalid ones', () => {
    const root = arrangeConfigs(production);
    const serviceAccount = JSON.stringify({ client_email: 'ponte@ponte-iiot.iam.gserviceaccount.com', private_key: '-----BEGIN PRIVATE KEY-----' });
    const env = { ...PRODUCTION_ENV, SECRETS_KEY, WEBHOOK_SECRET: 'whsec', MAIL_API_KEY: 're_123', FIREBASE_SERVICE_ACCOUNT: serviceAccount };
    assert.equal(deployCheck({ root, env }).ok, true);

    const { rows, ok } = deployCheck({ root, env: { ...env, SECRETS_KEY: 'curta', FIREBASE_SERVICE_ACCOUNT: 'x', VITE_FIREBASE_PROJECT_ID: 'outro-projeto' } });
    assert.equal(ok, false);
    assert.deepEqual(
      rows.filter((row) => row.state !== 'ok').map(({ setting, state, detail }) => ({ setting, state, detail })),
      [
        { setting: 'SECRETS_KEY (segredo)', state: 'inválido', detail: 'deve ser base64 de 32 bytes (openssl rand -base64 32)' },
        { setting: 'FIREBASE_SERVICE_ACCOUNT (segredo)', state: 'inválido', detail: 'deve ser o JSON da conta de serviço (client_email, private_key)' },
        { setting: 'VITE_FIREBASE_PROJECT_ID', state: 'inválido', detail: 'outro-projeto ≠ ponte-iiot dos Workers' },
      ],
    );
  });

  it('refuses local, demo and test settings in a deployment', () => {
    const root = arrangeConfigs((config, name) => {
      const base = production(config, name);
      return name === 'main'
        ? { ...base, vars: { ...base.vars, DEMO: 'true', PAY_URL: 'http://127.0.0.1:8789', ALLOWED_ORIGINS: 'http://localhost:5173' } }
        : { ...base, d1_databases: [{ ...base.d1_databases[0], database_id: '9a9a9a9a-0000-4000-8000-000000000001' }] };
    });
    const { rows } = deployCheck({ root, env: { ...PRODUCTION_ENV, VITE_DEMO: 'true', VITE_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' } });
    const problems = Object.fromEntries(rows.filter((row) => row.state !== 'ok').map((row) => [`${row.setting} @ ${row.source}`, row.detail]));
    assert.equal(problems['sem variáveis de teste/demo @ main/wrangler.jsonc'], 'remova: DEMO');
    assert.equal(problems['PAY_URL (pagamentos) @ main/wrangler.jsonc'], 'deve ser https: http://127.0.0.1:8789');
    assert.equal(problems['ALLOWED_ORIGINS (CORS) @ main/wrangler.jsonc'], 'deve ser https: http://localhost:5173');
    assert.equal(problems['mesmo banco nos dois Workers @ main + vpn'], `${DATABASE_ID} ≠ 9a9a9a9a-0000-4000-8000-000000000001`);
    assert.equal(problems['VITE_DEMO @ SPA: ambiente do build'], 'deve ser vazio ou "false"');
    assert.equal(problems['VITE_FIREBASE_AUTH_EMULATOR_HOST @ SPA: ambiente do build'], 'nunca em produção');
  });

  it('reads a wrangler [env.production], whose vars and databases are not inherited', () => {
    const root = arrangeConfigs((config, name) => {
      const { vars, d1_databases: databases, queues } = production(config, name);
      return { ...config, env: { production: { vars, d1_databases: databases, ...(queues ? { queues } : {}) } } };
    });
    assert.equal(deployCheck({ root, env: PRODUCTION_ENV, secrets: ['SECRETS_KEY', 'WEBHOOK_SECRET', 'MAIL_API_KEY', 'FIREBASE_SERVICE_ACCOUNT'], wranglerEnv: 'production' }).ok, true);
    const staging = deployCheck({ root, env: PRODUCTION_ENV, wranglerEnv: 'staging' });
    assert.deepEqual(
      staging.rows.filter((row) => row.setting === 'configuração').map((row) => [row.source, row.state, row.detail]),
      [
        ['main/wrangler.jsonc [env.staging]', 'faltando', 'sem a seção env.staging'],
        ['vpn/wrangler.jsonc [env.staging]', 'faltando', 'sem a seção env.staging'],
      ],
    );
  });

  it('parses jsonc, .env files and prints one aligned table', () => {
    assert.deepEqual(parseJsonc('{\n // comentário\n "a": "http://x//y", /* b */ "b": [1, 2,],\n}'), { a: 'http://x//y', b: [1, 2] });
    assert.deepEqual(parseEnvFile('# c\nexport A=1\nB="dois # três"\nC=4 # nota\n\n'), { A: '1', B: 'dois # três', C: '4' });
    assert.equal(PLACEHOLDER_DATABASE_ID, '00000000-0000-4000-8000-000000000000');
    assert.equal(
      formatTable([{ setting: 'PAY_URL', source: 'main', state: 'ok', detail: '' }]),
      ['Configuração | Onde | Estado | Detalhe', '-------------|------|--------|--------', 'PAY_URL      | main | ok     |'].join('\n'),
    );
  });
});
