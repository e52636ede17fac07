/**
 * The VPN API Worker (`vpn.` sub-domain; `wrangler dev` on :8788): VPN users, nodes and routes, staff only —
 * except `GET /vpn-node/{id}/peers`, which a node calls with its own credential (`Authorization: Node <token>`).
 * It shares the D1 database of the main API (the nodes follow the connected gateways). `VPN_SERVER_PUBLIC_KEY`
 * (optional variable): the VPN server's WireGuard public key written into the users' configurations.
 */
import { createApp } from '../shared/app';
import type { Env } from '../shared/env';
import { vpnRoutes } from './routes';

export const app = createApp({
  title: 'Ponte IIoT — API de VPN',
  description:
    'Usuários, nós e rotas da VPN (equipe Ponte IIoT: claim `admin`). Autenticação: `Authorization: Bearer ' +
    '<Firebase ID token>`; os nós consultam seus pares com `Authorization: Node <credencial do nó>`. Erros: ' +
    '`{ error: { code, message } }`. Datas: `{ seconds, nanos }`. Criações exigem `Idempotency-Key`; alterações, ' +
    '`If-Match: <versão>`.',
});

vpnRoutes(app);

export default { fetch: app.fetch } satisfies ExportedHandler<Env>;
