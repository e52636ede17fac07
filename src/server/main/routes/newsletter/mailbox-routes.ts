/**
 * GET /demo/newsletter-mailbox?email= (demo mode only, else the app's "route not found"): the newsletter e-mails the
 * demo "sent" to that address, newest first — the landing's visitor has no account, so the mailbox is public and
 * answers one address at a time (the e2e suite and the demo read their confirmation and unsubscribe links here).
 */
import { z } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { apiRoute, type App } from '../../../shared/app';
import type { AppEnv } from '../../../shared/app-env';
import { demoMode } from '../../../demo/mode';
import { errors, json } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { newsletterMail } from '../../db/newsletter-schema';
import { newsletterMailSchema } from './schemas';

export const NEWSLETTER_MAILBOX_PATH = '/demo/newsletter-mailbox';

const demoOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!demoMode(c.env).servesMailbox) return c.notFound();
  await next();
};

export function newsletterMailboxRoutes(app: App) {
  app.use(NEWSLETTER_MAILBOX_PATH, demoOnly);
  app.openapi(
    apiRoute({
      access: 'public',
      method: 'get',
      path: NEWSLETTER_MAILBOX_PATH,
      hide: true,
      tags: ['Demonstração'],
      summary: 'Os e-mails da newsletter que a demonstração "enviou" a um endereço (só no modo demonstração)',
      request: { query: z.object({ email: z.string().optional() }) },
      responses: { 200: json(z.array(newsletterMailSchema), 'Os e-mails, do mais recente.'), 404: errors[404] },
    }),
    async (c) => {
      const email = (c.req.valid('query').email ?? '').trim().toLowerCase();
      const rows = email
        ? await c.var.db
            .select()
            .from(newsletterMail)
            .where(eq(newsletterMail.to, email))
            .orderBy(desc(newsletterMail.sentAt), desc(newsletterMail.id))
        : [];
      return c.json(serialize(rows) as never, 200);
    },
  );
}
