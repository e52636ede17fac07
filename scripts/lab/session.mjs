// A remote-access session through the API, as the portal's "Conectar" does it (used by the bench): the request, a
// key pair made here (`wg genkey`), the profile, and the wg-quick file assembled from it.
import { execFileSync } from 'node:child_process';
import { call } from './backend.mjs';

/** `wg genkey` / `wg pubkey`. */
export function keyPair() {
  const privateKey = execFileSync('wg', ['genkey'], { encoding: 'utf8' }).trim();
  const publicKey = execFileSync('wg', ['pubkey'], { input: `${privateKey}\n`, encoding: 'utf8' }).trim();
  return { privateKey, publicKey };
}

/** The wg-quick file of a profile answer (what the portal's download holds). */
export function profileConf(profile, privateKey) {
  return [
    '[Interface]',
    `PrivateKey = ${privateKey}`,
    `Address = ${profile.interface.address}`,
    '',
    '[Peer]',
    `PublicKey = ${profile.peer.publicKey}`,
    `Endpoint = ${profile.peer.endpointHost}:${profile.peer.endpointPort}`,
    `AllowedIPs = ${profile.peer.allowedIps.join(', ')}`,
    `PersistentKeepalive = ${profile.peer.persistentKeepalive}`,
    '',
  ].join('\n');
}

/** "Gerar acesso" for `ports` of a machine: { sessionId, conf }. */
export async function grant(backend, token, machineId, ports, reason = 'Medição do túnel') {
  const { body: answer } = await call(backend.api, `/machine/${machineId}/remote-access`, {
    token,
    method: 'POST',
    body: { reason, durationHours: 1, services: ports },
    idempotent: true,
  });
  if (answer.session.status === 'pending') throw new Error('a solicitação ficou aguardando aprovação.');
  const keys = keyPair();
  const { body: profile } = await call(backend.api, `/remote-access/session/${answer.session.id}/profile`, {
    token,
    method: 'POST',
    body: { publicKey: keys.publicKey },
  });
  return { sessionId: answer.session.id, conf: profileConf(profile, keys.privateKey) };
}

/** "Encerrar". */
export async function endSession(backend, token, sessionId) {
  await call(backend.api, `/remote-access/session/${sessionId}/end`, {
    token,
    method: 'POST',
    body: { reason: 'Fim da medição' },
    expect: [200, 204],
  });
}
