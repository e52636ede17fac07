/**
 * GET /demo/mailbox (demo mode only, else the app's "route not found" before any token check): the e-mails the demo
 * "sent" for the account, newest first — invitation links, so for its Administrador only ('team').
 */
import { z } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { apiRoute, type App } from '../../../shared/app';
import type { AppEnv } from '../../../shared/app-env';
import { demoMode } from '../../../demo/mode';
import { errorsOf, json } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { mail } from '../../db/account-schema';
import { mailSchema } from './schemas';

const demoOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!demoMode(c.env).servesMailbox) return c.notFound();
  await next();
};

export function mailboxRoutes(app: App) {
  app.use('/demo/mailbox', demoOnly);
  app.openapi(
    apiRoute({
      access: 'team',
      method: 'get',
      path: '/demo/mailbox',
      hide: true,
      tags: ['Demonstração'],
      summary: 'Os e-mails que a demonstração "enviou" pela conta (só no modo demonstração)',
      responses: { 200: json(z.array(mailSchema), 'Os e-mails, do mais recente.'), ...errorsOf([401, 403, 404]) },
    }),
    async (c) => {
      const rows = await c.var.db
        .select({ id: mail.id, to: mail.to, subject: mail.subject, text: mail.text, link: mail.link, sentAt: mail.sentAt })
        .from(mail)
        .where(eq(mail.ownerUid, c.var.principal.uid))
        .orderBy(desc(mail.sentAt), desc(mail.id));
      return c.json(serialize(rows) as never, 200);
    },
  );
}
