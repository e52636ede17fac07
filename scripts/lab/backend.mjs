// The lab's calls to the Workers (issue 34): sign-in through the Auth emulator (the demo accounts), the hub record
// and its credential (staff), moving the lab's gateways to it, and the gateways' configuration files (the builder).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const demo = JSON.parse(readFileSync(join(root, 'src/config/demo-accounts.json'), 'utf8'));

export const LAB_HUB = { name: 'Laboratório', region: 'Laboratório local', endpointHost: '10.201.0.1', endpointPort: 51820 };

/** The backend the lab talks to: `npm run dev`'s ports unless told otherwise (env or flags). */
export function backendFrom(options = {}) {
  return {
    api: options.api ?? process.env.PONTE_LAB_API ?? 'http://127.0.0.1:8787',
    vpnApi: options.vpnApi ?? process.env.PONTE_LAB_VPN_API ?? 'http://127.0.0.1:8788',
    emulator: options.emulator ?? process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
  };
}

/** An ID token from the Auth emulator for `email` (password sign-in, as the portal does). */
export async function signIn(backend, email, password) {
  const account = demo.accounts.find((a) => a.email === email);
  const response = await fetch(
    `http://${backend.emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: password ?? account?.password, returnSecureToken: true }),
      signal: AbortSignal.timeout(10_000),
    },
  ).catch((error) => {
    throw new Error(`o emulador do Firebase Auth (${backend.emulator}) não respondeu: ${error.message}. Rode \`npm run dev\`.`);
  });
  const data = await response.json();
  if (!response.ok) throw new Error(`entrar como ${email} falhou: ${data?.error?.message ?? response.status}`);
  return data.idToken;
}

export const staffAccount = () => demo.accounts.find((a) => a.admin);
export const builderAccount = () => demo.accounts.find((a) => !a.admin);

/** A JSON call; throws with the API's message unless the status is in `expect`. */
export async function call(base, path, { token, method = 'GET', body, idempotent = false, expect = [200, 201], text = false } = {}) {
  const headers = {};
  if (token) headers.Authorization = token.startsWith('Hub ') ? token : `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotent) headers['Idempotency-Key'] = randomUUID();
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  }).catch((error) => {
    throw new Error(`${method} ${base}${path}: sem resposta (${error.message}). O backend está no ar?`);
  });
  const raw = await response.text();
  if (!expect.includes(response.status)) throw new Error(`${method} ${path} respondeu ${response.status}: ${raw.slice(0, 400)}`);
  if (text) return { status: response.status, body: raw, headers: response.headers };
  return { status: response.status, body: raw ? JSON.parse(raw) : null };
}

/** The lab's hub record (reused when one named "Laboratório" exists), pointing at the lab's endpoint. */
export async function ensureHub(backend, staff) {
  const { body: list } = await call(backend.vpnApi, '/hub', { token: staff });
  const found = list.data.find((hub) => hub.name === LAB_HUB.name);
  if (found) {
    if (found.endpointHost !== LAB_HUB.endpointHost || found.endpointPort !== LAB_HUB.endpointPort) {
      const { body } = await call(backend.vpnApi, `/hub/${found.id}`, {
        token: staff,
        method: 'PATCH',
        body: { endpointHost: LAB_HUB.endpointHost, endpointPort: LAB_HUB.endpointPort, version: found.version },
      });
      return body;
    }
    return found;
  }
  const { body } = await call(backend.vpnApi, '/hub', { token: staff, method: 'POST', body: LAB_HUB, idempotent: true });
  return body;
}

export async function issueCredential(backend, staff, hubId) {
  const { body } = await call(backend.vpnApi, `/hub/${hubId}/credential`, { token: staff, method: 'POST', idempotent: true });
  return body.token;
}

export async function moveGateway(backend, staff, hubId, deviceId) {
  await call(backend.vpnApi, `/hub/${hubId}/gateway`, { token: staff, method: 'POST', body: { deviceId }, idempotent: true });
}

export async function getHub(backend, staff, hubId) {
  return (await call(backend.vpnApi, `/hub/${hubId}`, { token: staff })).body;
}

/** The gateway's wg-quick file (a new key pair each time: the previous file stops working). */
export async function downloadGateway(backend, builder, deviceId) {
  return (await call(backend.api, '/auth-download', { token: builder, method: 'POST', body: { deviceId }, text: true })).body;
}

export async function getMachine(backend, builder, machineId) {
  return (await call(backend.api, `/machine/${machineId}`, { token: builder })).body;
}
