/**
 * POST /newsletter: public (the landing page has no session). Double opt-in (LGPD): the e-mail, lower-cased, with
 * explicit consent (`consent: true`) to the Política de Privacidade in force (`policyVersion`), both kept with the
 * time; the subscription is `pendente` until the confirmation e-mail's link is opened (./link-routes.ts).
 * The answer is the same 201 whatever the address's state (issue 35: it tells no one whether an address is
 * subscribed): new, cancelled, or its confirmation expired → a new consent and a new confirmation e-mail; still
 * pending → a new confirmation e-mail (a new link) only when the last was sent over 10 minutes ago, else nothing;
 * active → nothing.
 */
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { emailProblem } from '@/contracts/validators/fields';
import { NEWSLETTER_CONFIRMATION_TTL_MS, NEWSLETTER_MESSAGES, PRIVACY_POLICY_VERSION } from '@/contracts/newsletter';
import { apiRoute, type App } from '../../../shared/app';
import { demoMode } from '../../../demo/mode';
import { validationError } from '../../../shared/errors';
import { errors, json, jsonBody } from '../../../shared/openapi';
import { newsletter } from '../../db/account-schema';
import { newsletterLinkRoutes } from './link-routes';
import { newsletterMailboxRoutes } from './mailbox-routes';
import { dispatchMail } from '../../mail/outbox';
import { confirmationLetter, hashToken, holdsConfirmation, letterWrites, newToken } from './mail';
import { pendingSchema, subscriptionSchema } from './schemas';

export const ALREADY_SUBSCRIBED = NEWSLETTER_MESSAGES.alreadySubscribed;
/** A pending subscription's confirmation e-mail is sent again at most once per this interval. */
export const NEWSLETTER_RESEND_INTERVAL_MS = 10 * 60 * 1000;

export function newsletterRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'public',
      method: 'post',
      path: '/newsletter',
      tags: ['Newsletter'],
      summary: 'Pede a inscrição de um e-mail na newsletter (com consentimento; confirmada pelo link do e-mail)',
      request: jsonBody(subscriptionSchema),
      responses: {
        201: json(pendingSchema, 'Pedido recebido: o e-mail de confirmação segue quando a inscrição ainda não existe (a mesma resposta em qualquer caso).'),
        400: errors[400],
      },
    }),
    async (c) => {
      const { email: given, consent, policyVersion } = c.req.valid('json');
      const email = typeof given === 'string' ? given.trim().toLowerCase() : '';
      const problem = emailProblem(email);
      if (problem) throw validationError(problem, 'email');
      if (consent !== true) throw validationError(NEWSLETTER_MESSAGES.consentRequired, 'consent');
      if (policyVersion !== PRIVACY_POLICY_VERSION) throw validationError(NEWSLETTER_MESSAGES.policyOutdated, 'consent');

      const db = c.var.db;
      const now = Date.now();
      const token = newToken();
      const hash = await hashToken(token);
      const expiresAt = now + NEWSLETTER_CONFIRMATION_TTL_MS;
      const consentColumns = {
        status: 'pendente' as const,
        consentAt: now,
        policyVersion: PRIVACY_POLICY_VERSION,
        confirmTokenHash: hash,
        confirmExpiresAt: expiresAt,
        confirmedAt: null,
        unsubscribedAt: null,
        updatedAt: now,
      };
      // One statement claims the subscription (new, cancelled, expired, or pending with its last e-mail over the resend
      // interval old; never an active one), so two requests at once make one subscription and one e-mail: the e-mail's
      // writes hold only for the claimed token.
      const claim = db
        .insert(newsletter)
        .values({ email, createdAt: now, ...consentColumns })
        .onConflictDoUpdate({
          target: newsletter.email,
          set: consentColumns,
          setWhere: or(
            eq(newsletter.status, 'cancelado'),
            and(
              eq(newsletter.status, 'pendente'),
              or(
                isNull(newsletter.confirmTokenHash),
                lte(newsletter.confirmExpiresAt, now),
                lte(newsletter.updatedAt, now - NEWSLETTER_RESEND_INTERVAL_MS),
              ),
            ),
          ),
        })
        .returning({ email: newsletter.email });
      const letter = await letterWrites(db, email, confirmationLetter(token, expiresAt), now, demoMode(c.env).keepsMailLinks, holdsConfirmation(email, hash));
      // Not claimed (active, or pending with a recent e-mail): nothing is written and the answer is the same (the
      // queued message then finds no row and is dropped).
      await db.batch([claim, ...letter.writes]);
      await dispatchMail(c.env, [letter.message]);
      return c.json({ email, status: 'pendente' as const }, 201);
    },
  );
  newsletterLinkRoutes(app);
  newsletterMailboxRoutes(app);
}
