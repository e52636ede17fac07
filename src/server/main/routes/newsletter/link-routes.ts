/**
 * The links of the newsletter's e-mails, opened on the landing (`/newsletter/confirmar/<token>`,
 * `/newsletter/cancelar/<token>`), which posts the token here. Public: the token is the credential. Either link opened
 * again says what it already did (200 `already-…`), never an error.
 */
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { NEWSLETTER_MESSAGES } from '@/contracts/newsletter';
import { apiRoute, type App } from '../../../shared/app';
import { demoMode } from '../../../demo/mode';
import { ApiError, validationError } from '../../../shared/errors';
import { errors, errorSchema, json, jsonBody } from '../../../shared/openapi';
import { newsletter } from '../../db/account-schema';
import { newsletterUnsubscribeToken } from '../../db/newsletter-schema';
import { hashToken, letterWrites, TOKEN_SHAPE, welcomeLetter } from './mail';
import { dispatchMail } from '../../mail/outbox';
import { cancelledSchema, confirmedSchema, tokenSchema } from './schemas';

/** The token's hash; a token of another shape is no link of ours (404 with `invalid`). */
async function tokenHash(given: unknown, invalid: string): Promise<string> {
  if (typeof given !== 'string' || given.trim() === '') throw validationError(NEWSLETTER_MESSAGES.tokenMissing, 'token');
  if (!TOKEN_SHAPE.test(given.trim())) throw new ApiError(404, 'link-invalid', invalid);
  return hashToken(given.trim());
}

export function newsletterLinkRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'public',
      method: 'post',
      path: '/newsletter/confirm',
      tags: ['Newsletter'],
      summary: 'Confirma a inscrição pelo link do e-mail de confirmação (dupla confirmação)',
      request: jsonBody(tokenSchema),
      responses: {
        200: json(confirmedSchema, 'Confirmada agora (`confirmed`) ou já estava (`already-confirmed`).'),
        400: errors[400],
        404: json(errorSchema, 'Link desconhecido (`link-invalid`).'),
        409: json(errorSchema, 'A inscrição foi cancelada depois deste e-mail (`subscription-cancelled`).'),
        410: json(errorSchema, 'O link expirou (`link-expired`): inscrever-se de novo envia outro.'),
      },
    }),
    async (c) => {
      const hash = await tokenHash(c.req.valid('json').token, NEWSLETTER_MESSAGES.confirmInvalid);
      const db = c.var.db;
      const now = Date.now();
      const confirmed = await db
        .update(newsletter)
        .set({ status: 'ativo', confirmedAt: now, updatedAt: now })
        .where(and(eq(newsletter.confirmTokenHash, hash), eq(newsletter.status, 'pendente'), gt(newsletter.confirmExpiresAt, now)))
        .returning({ email: newsletter.email });
      const email = confirmed[0]?.email;
      if (email) {
        // The first newsletter e-mail: a welcome with its unsubscribe link (as every one after it).
        const letter = await letterWrites(db, email, welcomeLetter(), now, demoMode(c.env).keepsMailLinks, sql`1 = 1`);
        await db.batch([...letter.writes]);
        await dispatchMail(c.env, [letter.message]);
        return c.json({ outcome: 'confirmed' as const, email }, 200);
      }
      const [row] = await db.select({ email: newsletter.email, status: newsletter.status }).from(newsletter).where(eq(newsletter.confirmTokenHash, hash));
      if (!row) throw new ApiError(404, 'link-invalid', NEWSLETTER_MESSAGES.confirmInvalid);
      if (row.status === 'ativo') return c.json({ outcome: 'already-confirmed' as const, email: row.email }, 200);
      if (row.status === 'cancelado') throw new ApiError(409, 'subscription-cancelled', NEWSLETTER_MESSAGES.confirmCancelled);
      throw new ApiError(410, 'link-expired', NEWSLETTER_MESSAGES.confirmExpired);
    },
  );

  app.openapi(
    apiRoute({
      access: 'public',
      method: 'post',
      path: '/newsletter/unsubscribe',
      tags: ['Newsletter'],
      summary: 'Cancela a inscrição pelo link de cancelamento que todo e-mail da newsletter traz',
      request: jsonBody(tokenSchema),
      responses: {
        200: json(cancelledSchema, 'Cancelada agora (`cancelled`) ou já estava (`already-cancelled`).'),
        400: errors[400],
        404: json(errorSchema, 'Link desconhecido (`link-invalid`).'),
      },
    }),
    async (c) => {
      const hash = await tokenHash(c.req.valid('json').token, NEWSLETTER_MESSAGES.cancelInvalid);
      const db = c.var.db;
      const [link] = await db
        .select({ email: newsletterUnsubscribeToken.email })
        .from(newsletterUnsubscribeToken)
        .where(eq(newsletterUnsubscribeToken.tokenHash, hash));
      if (!link) throw new ApiError(404, 'link-invalid', NEWSLETTER_MESSAGES.cancelInvalid);
      const now = Date.now();
      const cancelled = await db
        .update(newsletter)
        .set({ status: 'cancelado', unsubscribedAt: now, updatedAt: now })
        .where(and(eq(newsletter.email, link.email), ne(newsletter.status, 'cancelado')))
        .returning({ email: newsletter.email });
      const outcome = cancelled.length > 0 ? ('cancelled' as const) : ('already-cancelled' as const);
      return c.json({ outcome, email: link.email }, 200);
    },
  );
}
