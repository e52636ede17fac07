#!/usr/bin/env node
/**
 * `npm run deploy:check`: is everything a production deployment needs set, and valid? Offline: it reads the Workers'
 * wrangler configurations (src/server/{main,vpn}/wrangler.jsonc, or their `[env.<name>]` with `--env <name>`), the
 * environment the deployment would use (this process's environment and/or `--env-file <file>`: the SPA's VITE_*,
 * the hub's PONTE_HUB_*, and any Worker secret given as a value) and, for the Worker secrets, the JSON that
 * `npx wrangler secret list` printed (`--secrets <file>`; it is never run from here, nothing is asked of the network).
 * It prints one table — every setting, where it comes from, and whether it is present and valid — and exits 1 when
 * one is missing or invalid, 0 when all are good. docs/deployment.md ("Before deploying").
 *
 *   npx wrangler secret list --config src/server/main/wrangler.jsonc > secrets.json   # (this one needs the network)
 *   npm run deploy:check -- --env-file .env.production --secrets secrets.json [--hub-config hub.json] [--env production]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The placeholder the repository's configurations carry until `wrangler d1 create ponte` gives the real id. */
export const PLACEHOLDER_DATABASE_ID = '00000000-0000-4000-8000-000000000000';

/** The main Worker's secrets (`wrangler secret put`): docs/deployment.md. */
export const MAIN_SECRETS = ['SECRETS_KEY', 'WEBHOOK_SECRET', 'MAIL_API_KEY', 'FIREBASE_SERVICE_ACCOUNT'];

/** Local/test-only settings that must never reach a deployed Worker (src/server/shared/env.ts). */
export const FORBIDDEN_WORKER_VARS = [
  'DEMO',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'LOCAL_SHARED_D1',
  'REMOTE_ACCESS_HOUR_MS',
  'GATEWAY_ONLINE_WINDOW_MS',
  'DEMO_WEBHOOK_RECEIVER_URL',
  'WEBHOOK_TRANSPORT',
];

/** The Workers' vars the environment may give instead of the config (`wrangler deploy --var NAME:value`). */
const WORKER_VARS = ['FIREBASE_PROJECT_ID', 'ALLOWED_ORIGINS', 'PAY_URL', 'MAIL_FROM', 'MAIL_API_URL', 'PORTAL_URL', 'SITE_URL', 'DNS_RESOLVER_URL'];

/** Wrangler keys an `[env.<name>]` does not inherit from the top level (they must be repeated there). */
const NOT_INHERITED = ['vars', 'd1_databases', 'queues', 'ratelimits'];

/** JSON with comments and trailing commas (wrangler.jsonc) → a value. Strings are kept as they are. */
export function parseJsonc(text) {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '"') {
      const start = i;
      for (i += 1; i < text.length && text[i] !== '"'; i += 1) if (text[i] === '\\') i += 1;
      out += text.slice(start, i + 1);
    } else if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i += 1;
      out += '\n';
    } else if (ch === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2);
      if (i < 0) throw new Error('comentário /* sem fim');
      i += 1;
    } else out += ch;
  }
  return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
}

/** KEY=VALUE lines (a .env file): `#` comments, optional `export `, optional quotes. */
export function parseEnvFile(text) {
  const env = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2].trim();
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    else value = value.replace(/\s+#.*$/, '');
    env[match[1]] = value;
  }
  return env;
}

/** `wrangler secret list` prints `[{ "name": "…", "type": "secret_text" }]`: the names. */
export function parseSecretList(text) {
  const list = JSON.parse(text);
  if (!Array.isArray(list)) throw new Error('a lista de segredos deve ser o JSON de `wrangler secret list`');
  return list.map((item) => (typeof item === 'string' ? item : item?.name)).filter((name) => typeof name === 'string');
}

/** The effective configuration of one Worker for `wranglerEnv` (undefined: the top level). */
export function effectiveConfig(config, wranglerEnv) {
  if (!wranglerEnv) return { ...config, found: true };
  const section = config.env?.[wranglerEnv];
  if (!section) return { name: config.name, found: false };
  const inherited = Object.fromEntries(Object.entries(config).filter(([key]) => key !== 'env' && !NOT_INHERITED.includes(key)));
  return { ...inherited, ...section, found: true };
}

const ok = (detail = '') => ({ state: 'ok', detail });
const missing = (detail = '') => ({ state: 'faltando', detail });
const invalid = (detail) => ({ state: 'inválido', detail });

const LOCAL_HOST = /^(localhost|127\.|0\.0\.0\.0|\[::1\]|::1$)/;

/** An https origin or URL on a public host (never localhost); `originOnly`: no path. */
function checkUrl(value, { originOnly = false } = {}) {
  if (!value) return missing();
  let url;
  try {
    url = new URL(value);
  } catch {
    return invalid(`não é uma URL: ${value}`);
  }
  if (url.protocol !== 'https:') return invalid(`deve ser https: ${value}`);
  if (LOCAL_HOST.test(url.hostname)) return invalid(`endereço local: ${value}`);
  if (originOnly && (url.pathname !== '/' || url.search || url.hash || value.endsWith('/'))) return invalid(`só a origem, sem caminho: ${value}`);
  return ok(value);
}

function checkOrigins(value) {
  if (!value) return missing();
  const origins = value.split(',').map((item) => item.trim()).filter(Boolean);
  if (origins.length === 0) return missing();
  for (const origin of origins) {
    const result = checkUrl(origin, { originOnly: true });
    if (result.state !== 'ok') return invalid(result.detail || origin);
  }
  return ok(`${origins.length} origem(ns)`);
}

function checkDatabaseId(value) {
  if (!value) return missing();
  if (value === PLACEHOLDER_DATABASE_ID || /^0{8}-/.test(value)) return missing('ainda o id de exemplo: `npx wrangler d1 create ponte`');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return invalid(`não é um id de D1: ${value}`);
  return ok(value);
}

function checkFirebaseProject(value) {
  if (!value) return missing();
  if (value.startsWith('demo-')) return invalid(`projeto do emulador: ${value}`);
  if (!/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(value)) return invalid(`não é um id de projeto Firebase: ${value}`);
  return ok(value);
}

/** A secret: listed by `wrangler secret list`, or its value in the environment (then `validate` checks it). */
function checkSecret(name, { secrets, env, validate }) {
  const value = env[name];
  if (value) return validate ? validate(value) : ok('no ambiente');
  if (secrets === undefined) return missing('sem `--secrets` nem valor no ambiente');
  return secrets.includes(name) ? ok('wrangler secret list') : missing('`npx wrangler secret put ' + name + '`');
}

function checkSecretsKey(value) {
  const bytes = Buffer.from(value, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || bytes.length !== 32) return invalid('deve ser base64 de 32 bytes (openssl rand -base64 32)');
  return ok('no ambiente');
}

function checkServiceAccount(value) {
  try {
    const account = JSON.parse(value);
    if (account.client_email && account.private_key) return ok(`no ambiente (${account.client_email})`);
  } catch {
    // fall through: not JSON
  }
  return invalid('deve ser o JSON da conta de serviço (client_email, private_key)');
}

function checkMailFrom(value) {
  if (!value) return missing();
  const address = /<([^<>\s]+)>\s*$/.exec(value)?.[1] ?? value.trim();
  return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address) ? ok(value) : invalid(`remetente sem e-mail válido: ${value}`);
}

function checkOptionalUrl(value, fallback) {
  return value ? checkUrl(value) : ok(`padrão: ${fallback}`);
}

/** Queues: the producer binding → queue, and a consumer of it (the same Worker). */
function checkQueue(config, binding, queue) {
  const producers = config.queues?.producers ?? [];
  const consumers = config.queues?.consumers ?? [];
  const producer = producers.find((item) => item.binding === binding);
  if (!producer) return missing(`produtor ${binding} ausente`);
  if (producer.queue !== queue) return invalid(`${binding} aponta para ${producer.queue}`);
  if (!consumers.some((item) => item.queue === queue)) return missing(`sem consumidor de ${queue}`);
  return ok(`${queue} (\`npx wrangler queues create ${queue}\`)`);
}

/**
 * Every check, as table rows `{ setting, source, state, detail }`, and `ok`. `root`: the repository (its configs);
 * `env`: the deployment's environment (VITE_*, PONTE_HUB_*, secret values); `secrets`: the main Worker's secret names
 * (`wrangler secret list`), or undefined; `wranglerEnv`: a wrangler environment name, or undefined.
 */
export function deployCheck({ root = ROOT, env = {}, secrets, wranglerEnv } = {}) {
  const rows = [];
  const add = (setting, source, result) => rows.push({ setting, source, ...result });
  const workers = {};
  for (const name of ['main', 'vpn']) {
    const file = path.join(root, 'src/server', name, 'wrangler.jsonc');
    const source = `${name}/wrangler.jsonc${wranglerEnv ? ` [env.${wranglerEnv}]` : ''}`;
    let config;
    try {
      config = effectiveConfig(parseJsonc(readFileSync(file, 'utf8')), wranglerEnv);
    } catch (error) {
      add('configuração', source, invalid(`não foi lida: ${error.message}`));
      continue;
    }
    if (!config.found) {
      add('configuração', source, missing(`sem a seção env.${wranglerEnv}`));
      continue;
    }
    // A var given to `wrangler deploy --var NAME:value` (here: in the environment) stands in for the config's.
    const given = Object.fromEntries(WORKER_VARS.filter((key) => env[key]).map((key) => [key, env[key]]));
    workers[name] = { config, source, vars: { ...(config.vars ?? {}), ...given }, configVars: config.vars ?? {} };
  }

  for (const [name, { config, source, vars, configVars }] of Object.entries(workers)) {
    const database = (config.d1_databases ?? []).find((item) => item.binding === 'DB');
    add('D1 database_id', source, database ? checkDatabaseId(database.database_id) : missing('sem o banco DB'));
    add('FIREBASE_PROJECT_ID', source, checkFirebaseProject(vars.FIREBASE_PROJECT_ID));
    add('ALLOWED_ORIGINS (CORS)', source, checkOrigins(vars.ALLOWED_ORIGINS));
    const forbidden = FORBIDDEN_WORKER_VARS.filter((key) => key in configVars);
    add('sem variáveis de teste/demo', source, forbidden.length ? invalid(`remova: ${forbidden.join(', ')}`) : ok());
    if (name !== 'main') continue;
    add('PAY_URL (pagamentos)', source, checkUrl(vars.PAY_URL));
    add('MAIL_FROM (e-mail)', source, checkMailFrom(vars.MAIL_FROM));
    add('MAIL_API_URL (e-mail)', source, checkOptionalUrl(vars.MAIL_API_URL, 'https://api.resend.com'));
    add('PORTAL_URL', source, checkUrl(vars.PORTAL_URL, { originOnly: true }));
    add('SITE_URL', source, checkUrl(vars.SITE_URL, { originOnly: true }));
    add('DNS_RESOLVER_URL (webhooks)', source, checkOptionalUrl(vars.DNS_RESOLVER_URL, 'https://cloudflare-dns.com/dns-query'));
    add('fila de e-mails', source, checkQueue(config, 'MAIL_QUEUE', 'ponte-mail'));
    add('fila de webhooks', source, checkQueue(config, 'WEBHOOK_QUEUE', 'ponte-webhook'));
    add('crons', source, (config.triggers?.crons ?? []).length >= 2 ? ok(config.triggers.crons.join(' | ')) : missing('triggers.crons'));
    const validators = { SECRETS_KEY: checkSecretsKey, FIREBASE_SERVICE_ACCOUNT: checkServiceAccount };
    for (const secret of MAIN_SECRETS) {
      add(`${secret} (segredo)`, 'main: wrangler secret', checkSecret(secret, { secrets, env, validate: validators[secret] }));
    }
  }
  const mainDb = workers.main?.config.d1_databases?.find((item) => item.binding === 'DB')?.database_id;
  const vpnDb = workers.vpn?.config.d1_databases?.find((item) => item.binding === 'DB')?.database_id;
  if (mainDb && vpnDb) add('mesmo banco nos dois Workers', 'main + vpn', mainDb === vpnDb ? ok() : invalid(`${mainDb} ≠ ${vpnDb}`));

  const build = 'SPA: ambiente do build';
  add('VITE_DEMO', build, ['', undefined, 'false'].includes(env.VITE_DEMO) ? ok(env.VITE_DEMO ?? '') : invalid('deve ser vazio ou "false"'));
  add('VITE_API_URL', build, checkUrl(env.VITE_API_URL, { originOnly: true }));
  add('VITE_VPN_API_URL', build, checkUrl(env.VITE_VPN_API_URL, { originOnly: true }));
  add('VITE_PAY_URL', build, checkUrl(env.VITE_PAY_URL));
  add('VITE_FIREBASE_API_KEY', build, env.VITE_FIREBASE_API_KEY ? ok('definida') : missing());
  const authDomain = env.VITE_FIREBASE_AUTH_DOMAIN;
  add(
    'VITE_FIREBASE_AUTH_DOMAIN',
    build,
    !authDomain ? missing() : /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(authDomain) && !LOCAL_HOST.test(authDomain) ? ok(authDomain) : invalid(`deve ser um nome de host: ${authDomain}`),
  );
  const project = checkFirebaseProject(env.VITE_FIREBASE_PROJECT_ID);
  const workerProject = workers.main?.vars.FIREBASE_PROJECT_ID;
  add(
    'VITE_FIREBASE_PROJECT_ID',
    build,
    project.state === 'ok' && workerProject && workerProject !== env.VITE_FIREBASE_PROJECT_ID
      ? invalid(`${env.VITE_FIREBASE_PROJECT_ID} ≠ ${workerProject} dos Workers`)
      : project,
  );
  add('VITE_FIREBASE_AUTH_EMULATOR_HOST', build, env.VITE_FIREBASE_AUTH_EMULATOR_HOST ? invalid('nunca em produção') : ok('vazia'));

  const hub = 'hub: hub.json / PONTE_HUB_*';
  add('PONTE_HUB_API_URL', hub, checkUrl(env.PONTE_HUB_API_URL));
  add('PONTE_HUB_ID (hub cadastrado)', hub, env.PONTE_HUB_ID ? ok(env.PONTE_HUB_ID) : missing('Back office → VPN → Hubs'));
  add(
    'PONTE_HUB_TOKEN (credencial)',
    hub,
    env.PONTE_HUB_TOKEN || env.PONTE_HUB_TOKEN_FILE ? ok(env.PONTE_HUB_TOKEN ? 'definida' : env.PONTE_HUB_TOKEN_FILE) : missing('"Nova credencial" do hub'),
  );
  return { rows, ok: rows.every((row) => row.state === 'ok') };
}

/** The rows as one plain-text table (columns padded to their widest cell). */
export function formatTable(rows) {
  const header = { setting: 'Configuração', source: 'Onde', state: 'Estado', detail: 'Detalhe' };
  const columns = ['setting', 'source', 'state', 'detail'];
  const all = [header, ...rows];
  const widths = columns.map((key) => Math.max(...all.map((row) => String(row[key] ?? '').length)));
  const line = (row) => columns.map((key, i) => String(row[key] ?? '').padEnd(widths[i])).join(' | ').trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(line)].join('\n');
}

const FLAG_OPTIONS = { '--env-file': 'envFile', '--secrets': 'secretsFile', '--env': 'wranglerEnv', '--root': 'root', '--hub-config': 'hubConfig' };

/**
 * `--env-file <f>`, `--secrets <f>`, `--env <name>`, `--hub-config <hub.json>`, `--root <dir>`, `--no-process-env`
 * (this process's environment is not read: only the files count). The environment wins over the env file, which
 * wins over hub.json.
 */
export function parseArgs(argv) {
  const options = { processEnv: true };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[(i += 1)];
    if (flag === '--env-file') options.envFile = value();
    else if (flag === '--secrets') options.secretsFile = value();
    else if (flag === '--env') options.wranglerEnv = value();
    else if (flag === '--root') options.root = value();
    else if (flag === '--hub-config') options.hubConfig = value();
    else if (flag === '--no-process-env') options.processEnv = false;
    else throw new Error(`opção desconhecida: ${arg}`);
    if (flag !== '--no-process-env' && !options[FLAG_OPTIONS[flag]]) {
      throw new Error(`${flag} precisa de um valor`);
    }
  }
  return options;
}

/** The hub's hub.json (docs/hub.md, "Configuration") as the PONTE_HUB_* variables it stands for. */
export function hubEnvOf(text) {
  const hub = JSON.parse(text);
  const pairs = [['PONTE_HUB_API_URL', hub.apiUrl], ['PONTE_HUB_ID', hub.hubId], ['PONTE_HUB_TOKEN', hub.token], ['PONTE_HUB_TOKEN_FILE', hub.tokenFile]];
  return Object.fromEntries(pairs.filter(([, value]) => typeof value === 'string' && value));
}

export function main(argv = process.argv.slice(2), processEnv = process.env) {
  let options;
  try {
    options = parseArgs(argv);
  } catch (error) {
    console.error(`deploy:check: ${error.message}`);
    return 2;
  }
  const env = {
    ...(options.hubConfig ? hubEnvOf(readFileSync(options.hubConfig, 'utf8')) : {}),
    ...(options.envFile ? parseEnvFile(readFileSync(options.envFile, 'utf8')) : {}),
    ...(options.processEnv ? processEnv : {}),
  };
  const secrets = options.secretsFile ? parseSecretList(readFileSync(options.secretsFile, 'utf8')) : undefined;
  const { rows, ok: good } = deployCheck({ root: options.root ? path.resolve(options.root) : ROOT, env, secrets, wranglerEnv: options.wranglerEnv });
  console.log(formatTable(rows));
  const bad = rows.filter((row) => row.state !== 'ok').length;
  console.log(good ? '\nTudo pronto para o deploy.' : `\n${bad} configuração(ões) faltando ou inválida(s).`);
  return good ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main();
