/**
 * `POST /remote-access/session/{id}/profile` (the requester, with the public key his browser made): what the page
 * needs to assemble the WireGuard file; the window starts now (issuing again changes the key, not the window).
 *
 * Issue 34: the profile uses the grant FIXED at approval (the session's tunnel subnet, LAN and services — never the
 * machine's current ones) and the peer is the hub of the session's gateway (`gatewayHub`: its public key and
 * endpoint; 409 in pt-BR while there is no hub, or it has not registered). `AllowedIPs` is the tunnel subnet only.
 * The answer waits (≤ 3 s) for a reporting hub to apply the session (src/server/vpn/routes/hubs/applied.ts).
 */
import {
  REMOTE_ACCESS_MESSAGES as M,
  remoteAccessProfileInputSchema,
} from '@/contracts/remote-access';
import { apiRoute, type App } from '../../../shared/app';
import { demoMode } from '../../../demo/mode';
import { ApiError, conflict } from '../../../shared/errors';
import { errorsOf, idParams, json, jsonBody } from '../../../shared/openapi';
import { serialize, timestamp } from '../../../shared/time';
import { waitForHubApply } from '../../../vpn/routes/hubs/applied';
import { gatewayHub } from '../../../vpn/routes/hubs/assign';
import { DEMO_HANDSHAKE_DELAY_MS } from '../../../vpn/routes/vpn-users/config';
import { keyInUse, tunnelAddressInUse, windowMs } from './queries';
import { remoteAccessProfileSchema } from './schemas';
import { sessionOr404, settled, step } from './steps';
import { alertAfterAnswer } from '../../alerts/after-answer';
import { raiseRemoteAccessStarted } from '../../alerts/events';

const TAG = 'Acesso remoto';
const PERSISTENT_KEEPALIVE = 25;

/** The machine's name as a file name: `IH-450 #01` → `IH-450-01.conf`. */
function profileFileName(machineName: string): string {
  const base = machineName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'maquina'}.conf`;
}

export function profileRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'edit',
      method: 'post',
      path: '/remote-access/session/{id}/profile',
      tags: [TAG],
      summary: 'Gera o perfil WireGuard (quem pediu; corpo: a chave pública feita no navegador)',
      description:
        'A chave privada nunca sai do navegador: o corpo traz só a pública. A resposta tem o que a página precisa ' +
        'para montar o arquivo: endereço no túnel, chave pública e endpoint do hub VPN do gateway, `AllowedIPs` = a ' +
        'sub-rede do túnel da máquina fixada na aprovação (`tunnelSubnet`, que mapeia 1:1 a `lanSubnet`), keep-alive, ' +
        'serviços e "até". A janela começa agora (gerar de novo troca a chave, não a janela). 409: sem hub VPN, hub ' +
        'ainda não registrado, ou acesso aprovado sem sub-rede do túnel.',
      request: { params: idParams, ...jsonBody(remoteAccessProfileInputSchema) },
      responses: { 200: json(remoteAccessProfileSchema, 'O perfil.'), ...errorsOf([401, 403, 404, 409]) },
    }),
    async (c) => {
      const { publicKey } = c.req.valid('json');
      const { db, principal } = c.var;
      const owner = principal.uid;
      const now = Date.now();
      await settled(c, now);
      const { row } = await sessionOr404(db, owner, c.req.valid('param').id);
      if (row.requesterUid !== principal.memberUid) throw new ApiError(403, 'not-requester', M.notRequester);
      if (row.status === 'pending' || row.status === 'refused') throw conflict('not-approved', M.notApproved, { status: row.status });
      if (row.status !== 'approved' && row.status !== 'active') throw conflict('session-closed', M.notOpen, { status: row.status });
      // The grant fixed at approval (a session approved before issue 34 has none: asked again, it gets one).
      const tunnelSubnet = row.tunnelSubnet;
      if (!tunnelSubnet) throw conflict('no-tunnel', M.noTunnel);
      if (await keyInUse(db, publicKey, row.id)) throw conflict('key-in-use', 'Esta chave pública já está em uso: gere um novo par de chaves.', { field: 'publicKey' });
      if (await tunnelAddressInUse(db, row.tunnelAddress, row.id)) throw conflict('tunnel-address-in-use', M.tunnelAddressInUse);
      // Before the window starts: no hub answers 409 and the session stays as it was.
      const hub = await gatewayHub(db, row.deviceId);
      const windowStart = row.status === 'approved' || row.windowStart === null ? now : row.windowStart;
      const windowEnd = row.windowEnd ?? windowStart + windowMs(c.env, row.durationHours);
      const me = { uid: principal.memberUid, name: row.requesterName };
      const json = await step(
        db, owner, row, [row.status], 'active',
        {
          wgPublicKey: publicKey,
          windowStart,
          windowEnd,
          ...(demoMode(c.env).standInHub ? { handshakeDueAt: now + DEMO_HANDSHAKE_DELAY_MS } : {}),
        },
        'profile-downloaded', me, '', now,
      );
      // The window starts with the first profile: "Acesso remoto iniciado" (src/server/main/alerts/).
      if (row.status === 'approved') alertAfterAnswer(c, 'remote-access-started', () => raiseRemoteAccessStarted(c.env, db, row));
      // The file goes out once the hub carries the peer (≤ 3 s; a hub that stopped reporting is not waited for), so
      // the engineer's first handshake is never one the hub drops (WireGuard would retry only 5 s later).
      const applied = await waitForHubApply(db, hub.id);
      if (applied === 'timed-out') console.warn(`hub ${hub.id} did not apply session ${row.id} within the profile's wait`);
      c.header('Cache-Control', 'no-store');
      const profile = {
        session: serialize(json),
        tunnelSubnet,
        lanSubnet: row.lanSubnet,
        interface: { address: `${json.tunnelAddress}/32` },
        peer: {
          publicKey: hub.publicKey,
          endpointHost: hub.endpointHost,
          endpointPort: hub.endpointPort,
          allowedIps: [tunnelSubnet],
          persistentKeepalive: PERSISTENT_KEEPALIVE,
        },
        services: row.services,
        validUntil: timestamp(windowEnd),
        fileName: profileFileName(json.machineName),
      };
      return c.json(profile as never, 200);
    },
  );
}
