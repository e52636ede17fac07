/**
 * The VPN API Worker (`vpn.` sub-domain; `wrangler dev` on :8788): VPN users, nodes and routes, staff only.
 * It shares the D1 database of the main API (the nodes follow the connected gateways).
 */
import { createApp } from '../shared/app';
import type { Env } from '../shared/env';

export const app = createApp({
  title: 'Ponte IIoT — API de VPN',
  description:
    'Usuários, nós e rotas da VPN (equipe Ponte IIoT: claim `admin`). Autenticação: `Authorization: Bearer ' +
    '<Firebase ID token>`. Erros: `{ error: { code, message } }`. Datas: `{ seconds, nanos }`.',
});

export default { fetch: app.fetch } satisfies ExportedHandler<Env>;
