// Starts the Firebase Auth emulator (firebase-tools, project demo-ponte) and seeds the demo accounts.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const demo = JSON.parse(readFileSync(join(root, 'src/config/demo-accounts.json'), 'utf8'));

export const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
export const PROJECT_ID = demo.projectId;
const base = `http://${EMULATOR_HOST}`;

export async function emulatorIsUp() {
  try {
    const response = await fetch(`${base}/`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function call(path, body) {
  const response = await fetch(`${base}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  return { ok: response.ok, data };
}

/** Creates the demo accounts with fixed uids (idempotent), verified, and sets the admin claim. */
export async function seedAccounts() {
  for (const account of demo.accounts) {
    const created = await call('accounts', {
      localId: account.localId,
      email: account.email,
      password: account.password,
      displayName: account.displayName,
      emailVerified: true,
    });
    const reason = created.data?.error?.message ?? '';
    if (!created.ok && !/DUPLICATE_LOCAL_ID|EMAIL_EXISTS/.test(reason)) {
      throw new Error(`Falha ao criar ${account.email} no emulador: ${reason || 'erro desconhecido'}`);
    }
    // Only claims and name are (re)applied: changing the password of an existing account would revoke
    // every open session of it (the emulator bumps validSince), e.g. of a test running in parallel.
    const updated = await call('accounts:update', {
      localId: account.localId,
      displayName: account.displayName,
      // The demo accounts are verified (issue 35: an unverified one may not buy, invite or connect).
      emailVerified: true,
      customAttributes: JSON.stringify(account.admin ? { admin: true } : {}),
    });
    if (!updated.ok) {
      throw new Error(`Falha ao definir claims de ${account.email}: ${updated.data?.error?.message ?? 'erro'}`);
    }
  }
  return demo.accounts.map((a) => `${a.email}${a.admin ? ' (admin)' : ''}`);
}

/**
 * Marks an emulator account's e-mail verified, as opening Firebase's verification link would (e2e specs that
 * register a new account and then buy, invite or connect). The person's next token (after `user.reload()` and a
 * forced refresh, which the portal does on focus) carries `email_verified: true`.
 */
export async function verifyEmulatorEmail(email) {
  const lookup = await call('accounts:lookup', { email: [email] });
  const localId = lookup.data?.users?.[0]?.localId;
  if (!localId) throw new Error(`Conta ${email} não encontrada no emulador`);
  const updated = await call('accounts:update', { localId, emailVerified: true });
  if (!updated.ok) throw new Error(`Falha ao verificar ${email}: ${updated.data?.error?.message ?? 'erro'}`);
  return localId;
}

/** Starts the emulator unless one already answers; resolves once it is ready and seeded. */
export async function startAuthEmulator({ log = console.log, timeoutMs = 90_000 } = {}) {
  let child = null;
  if (!(await emulatorIsUp())) {
    const bin = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'firebase.cmd' : 'firebase');
    child = spawn(bin, ['emulators:start', '--only', 'auth', '--project', PROJECT_ID], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    });
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const started = Date.now();
    while (!(await emulatorIsUp())) {
      if (child.exitCode !== null) throw new Error(`O emulador do Firebase Auth encerrou:\n${output}`);
      if (Date.now() - started > timeoutMs) {
        child.kill('SIGTERM');
        throw new Error(`O emulador do Firebase Auth não respondeu em ${timeoutMs / 1000}s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  const seeded = await seedAccounts();
  log(`Firebase Auth emulator em http://${EMULATOR_HOST} (projeto ${PROJECT_ID}); contas: ${seeded.join(', ')}`);
  return child;
}
