/**
 * The VPN API Worker (`vpn.` sub-domain; `wrangler dev` on :8788): VPN users, nodes, routes and hubs, staff only —
 * except `GET /vpn-node/{id}/peers` and `POST /vpn-node/{id}/report`, which a node calls with its own credential
 * (`Authorization: Node <token>`), and `GET /hub/{id}/state` and `POST /hub/{id}/report`, which a hub calls with
 * its own (`Authorization: Hub <token>`; src/contracts/hub.ts). It shares the D1 database of the main API.
 * `GATEWAY_ONLINE_WINDOW_MS` (optional variable, also read by the main Worker's sweep): how recent a gateway's
 * handshake must be for it to be online (3 min by default; the network test shortens it).
 */
import { createApp } from '../shared/app';
import type { Env } from '../shared/env';
import { vpnRoutes } from './routes';
import { HUB_REPORT_BODY } from './routes/hubs/hub-routes';

export const app = createApp({
  title: 'Ponte IIoT — API de VPN',
  description:
    'Usuários, nós e rotas da VPN (equipe Ponte IIoT: claim `admin`). Autenticação: `Authorization: Bearer ' +
    '<Firebase ID token>`; os nós consultam seus pares com `Authorization: Node <credencial do nó>` e os hubs, seu ' +
    'estado, com `Authorization: Hub <credencial do hub>`. Erros: ' +
    '`{ error: { code, message } }`. Datas: `{ seconds, nanos }`. Criações exigem `Idempotency-Key`; alterações, ' +
    '`If-Match: <versão>`.',
  largeBodies: [HUB_REPORT_BODY],
});

vpnRoutes(app);

export default { fetch: app.fetch } satisfies ExportedHandler<Env>;
