#!/usr/bin/env node
// The Ponte team from a terminal (issue 38, item 2) — for the very first staff member, before anyone can open the
// back office's "Equipe interna":
//
//   npm run staff -- grant <email>     the Firebase account of <email> gets the `admin` claim, and a `staff` row
//   npm run staff -- revoke <email>    the claim removed, its refresh tokens revoked, the row removed and the
//                                      API told to refuse its older tokens (staff_revocation)
//
// The same Identity Toolkit calls as the Worker (src/server/shared/firebase-admin/):
// - production: a service account — FIREBASE_SERVICE_ACCOUNT (its JSON) or GOOGLE_APPLICATION_CREDENTIALS (the path
//   of its file) — exchanged for an access token with an RS256 assertion; the project is FIREBASE_PROJECT_ID, else
//   the service account's project_id. The D1 rows go through `wrangler d1 execute ponte --remote`.
// - local: with FIREBASE_AUTH_EMULATOR_HOST set (e.g. 127.0.0.1:9099, `npm run dev` running), the emulator's own
//   credential (`Bearer owner`, project demo-ponte) and the local D1 of `npm run dev` (.wrangler/state).
// Options: --local / --remote choose the D1 (default: --local with the emulator, else --remote); --no-d1 skips it;
// --persist-to=<folder> the local D1's folder (default .wrangler/state, `npm run dev`'s; `npm run test:first-deploy`
// passes its throwaway one).
import { spawnSync } from 'node:child_process';
import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPES = 'https://www.googleapis.com/auth/cloud-platform https://www.googleapis.com/auth/identitytoolkit';

const USAGE = `Uso: npm run staff -- grant <email>   |   npm run staff -- revoke <email>
  Produção: FIREBASE_SERVICE_ACCOUNT='<json>' ou GOOGLE_APPLICATION_CREDENTIALS=<arquivo.json> (e FIREBASE_PROJECT_ID)
  Local: FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 (emulador do npm run dev)
  Opções: --local | --remote (qual D1), --no-d1 (só o Firebase), --persist-to=<pasta> (o D1 local; padrão .wrangler/state)`;

function fail(message) {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith('--')));
const [command, email] = args.filter((arg) => !arg.startsWith('--'));
const persistFlag = args.find((arg) => arg.startsWith('--persist-to='));
if (persistFlag === '--persist-to=') fail(USAGE);
const persistTo = persistFlag ? resolve(persistFlag.slice('--persist-to='.length)) : join(root, '.wrangler', 'state');
if (!['grant', 'revoke'].includes(command ?? '') || !email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(USAGE);

const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST?.trim();

function serviceAccount() {
  let json = process.env.FIREBASE_SERVICE_ACCOUNT;
  const file = process.env.GOOGLE_APPLICATION_CREDENTIALS;
  if (!json && file) {
    try {
      json = readFileSync(file, 'utf8');
    } catch (error) {
      fail(`Não foi possível ler a conta de serviço em ${file}: ${error.message}`);
    }
  }
  if (!json) fail(`Conta de serviço ausente.\n${USAGE}`);
  let account;
  try {
    account = JSON.parse(json);
  } catch {
    fail('A conta de serviço não é um JSON válido.');
  }
  if (typeof account.client_email !== 'string' || typeof account.private_key !== 'string') {
    fail('A conta de serviço não tem client_email e private_key.');
  }
  return account;
}

const base64Url = (value) => Buffer.from(value).toString('base64url');

async function accessToken(account) {
  const iat = Math.floor(Date.now() / 1000);
  const tokenUri = account.token_uri || TOKEN_URL;
  const unsigned = `${base64Url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64Url(
    JSON.stringify({ iss: account.client_email, scope: SCOPES, aud: tokenUri, iat, exp: iat + 3600 }),
  )}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(account.private_key).toString('base64url');
  const response = await fetch(tokenUri, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${unsigned}.${signature}` }),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok || typeof data.access_token !== 'string') {
    fail(`O Google recusou a conta de serviço ${account.client_email} (${response.status} ${data.error ?? ''} ${data.error_description ?? ''}).`);
  }
  return data.access_token;
}

async function target() {
  if (emulatorHost) {
    const projectId = process.env.FIREBASE_PROJECT_ID || 'demo-ponte';
    return { base: `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${projectId}`, authorization: 'Bearer owner', projectId };
  }
  const account = serviceAccount();
  const projectId = process.env.FIREBASE_PROJECT_ID || account.project_id;
  if (!projectId) fail('Informe FIREBASE_PROJECT_ID (o projeto do Firebase).');
  return {
    base: `https://identitytoolkit.googleapis.com/v1/projects/${projectId}`,
    authorization: `Bearer ${await accessToken(account)}`,
    projectId,
  };
}

async function call(where, action, body) {
  let response;
  try {
    response = await fetch(`${where.base}/${action}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: where.authorization },
      body: JSON.stringify(body),
    });
  } catch (error) {
    fail(`Não foi possível falar com o Firebase (${where.base}): ${error.message}`);
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) fail(`O Firebase recusou ${action}: ${response.status} ${data.error?.message ?? ''}`);
  return data;
}

const sqlText = (value) => `'${String(value).replaceAll("'", "''")}'`;

function d1(statement) {
  if (flags.has('--no-d1')) return;
  const where = flags.has('--remote') ? '--remote' : flags.has('--local') || emulatorHost ? '--local' : '--remote';
  const extra = where === '--local' ? ['--persist-to', persistTo] : [];
  const wrangler = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'wrangler.cmd' : 'wrangler');
  const run = spawnSync(wrangler, ['d1', 'execute', 'ponte', where, ...extra, '--command', statement], {
    cwd: join(root, 'src', 'server', 'main'),
    encoding: 'utf8',
  });
  if (run.status !== 0) fail(`O Firebase foi atualizado, mas o D1 não (${where}):\n${run.stdout}\n${run.stderr}\nRode de novo o mesmo comando.`);
}

const where = await target();
const lookup = await call(where, 'accounts:lookup', { email: [email.trim().toLowerCase()] });
const user = lookup.users?.[0];
if (!user?.localId) {
  fail(`Não há conta no projeto ${where.projectId} com o e-mail ${email}. A pessoa precisa criar a conta (ou entrar uma vez) antes.`);
}
let claims = {};
try {
  claims = user.customAttributes ? JSON.parse(user.customAttributes) : {};
} catch {
  claims = {};
}
const name = user.displayName || user.email || email;

if (command === 'grant') {
  await call(where, 'accounts:update', { localId: user.localId, customAttributes: JSON.stringify({ ...claims, admin: true }) });
  d1(`INSERT INTO staff (uid, name, email) VALUES (${sqlText(user.localId)}, ${sqlText(name)}, ${sqlText(user.email || email)}) ON CONFLICT (uid) DO NOTHING`);
  console.log(`Acesso concedido a ${name} (${user.email || email}, uid ${user.localId}). Vale a partir da próxima entrada da pessoa.`);
} else {
  const now = Date.now();
  const others = Object.fromEntries(Object.entries(claims).filter(([key]) => key !== 'admin'));
  await call(where, 'accounts:update', { localId: user.localId, customAttributes: JSON.stringify(others), validSince: String(Math.floor(now / 1000)) });
  d1(
    `DELETE FROM staff WHERE uid = ${sqlText(user.localId)}; ` +
      `INSERT INTO staff_revocation (uid, revoked_at) VALUES (${sqlText(user.localId)}, ${now}) ON CONFLICT (uid) DO UPDATE SET revoked_at = excluded.revoked_at`,
  );
  console.log(`Acesso de ${name} revogado; as sessões abertas foram encerradas.`);
}
