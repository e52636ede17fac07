/** POST /newsletter: public (the landing page has no session); an e-mail once, lower-cased. */
import { z } from '@hono/zod-openapi';
import { emailProblem } from '@/contracts/validators/fields';
import { apiRoute, type App } from '../../../shared/app';
import { conflict, validationError } from '../../../shared/errors';
import { errors, json, jsonBody } from '../../../shared/openapi';
import { newsletter } from '../../db/account-schema';

export const ALREADY_SUBSCRIBED = 'Este e-mail já está inscrito na nossa newsletter.';

const subscriptionSchema = z.object({
  email: z.unknown().optional().openapi({ type: 'string', description: 'O e-mail a inscrever.' }),
});
const subscribedSchema = z.object({ email: z.string() }).openapi('NewsletterSubscription');

export function newsletterRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'public',
      method: 'post',
      path: '/newsletter',
      tags: ['Newsletter'],
      summary: 'Inscreve um e-mail na newsletter',
      request: jsonBody(subscriptionSchema),
      responses: { 201: json(subscribedSchema, 'Inscrito.'), 400: errors[400], 409: errors[409] },
    }),
    async (c) => {
      const { email: given } = c.req.valid('json');
      const email = typeof given === 'string' ? given.trim().toLowerCase() : '';
      const problem = emailProblem(email);
      if (problem) throw validationError(problem, 'email');
      // One statement: the primary key decides between two subscriptions at once.
      const inserted = await c.var.db
        .insert(newsletter)
        .values({ email, createdAt: Date.now() })
        .onConflictDoNothing()
        .returning({ email: newsletter.email });
      if (inserted.length === 0) throw conflict('already-subscribed', ALREADY_SUBSCRIBED);
      return c.json({ email }, 201);
    },
  );
}
