/**
 * The main API Worker (`api.` sub-domain; `wrangler dev` on :8787): the portal's and the back office's resources.
 * Each resource adds its routes here; `GET /openapi.json` describes them all.
 */
import { createApp } from '../shared/app';
import type { Env } from '../shared/env';
import { drizzle } from 'drizzle-orm/d1';
import { purgeIdempotencyKeys } from '../shared/idempotency';
import { customerRoutes } from './routes/customers/routes';

export const app = createApp({
  title: 'Ponte IIoT — API principal',
  description:
    'A API do portal e do back office. Autenticação: `Authorization: Bearer <Firebase ID token>`. Erros: ' +
    '`{ error: { code, message } }` (mensagem em português). Datas: `{ seconds, nanos }`. Dinheiro: centavos. ' +
    'Criações exigem `Idempotency-Key`; alterações, `If-Match: <versão>`.',
});

customerRoutes(app);

export default {
  fetch: app.fetch,
  async scheduled(_controller: ScheduledController, env: Env) {
    await purgeIdempotencyKeys(drizzle(env.DB));
  },
} satisfies ExportedHandler<Env>;
