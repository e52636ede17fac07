import { http, HttpResponse } from 'msw';
import {
  NEWSLETTER_CONFIRMATION_TTL_MS,
  NEWSLETTER_MESSAGES,
  PRIVACY_POLICY_VERSION,
} from '@/contracts/newsletter';
import { emailProblem } from '@/contracts/validators/fields';
import type { NewsletterRecord } from '@/seed/data';
import { apiError, invalidBody, readJson, validationError, type HandlerContext } from '@/testing/fake-api/http';

let counter = 0;
/** A link's token, shaped as the Workers' (43 base64url characters). */
function fakeToken(kind: 'c' | 'u'): string {
  counter += 1;
  return `${kind}${String(counter).padStart(6, '0')}`.padEnd(43, 'x');
}

function tokenOf(body: Record<string, unknown>): string | Response {
  const token = typeof body.token === 'string' ? body.token.trim() : '';
  return token === '' ? validationError(NEWSLETTER_MESSAGES.tokenMissing, 'token') : token;
}

/**
 * The newsletter as the main API has it (src/server/main/routes/newsletter): POST /newsletter (consent, pending until
 * confirmed; the same e-mail again → 409), POST /newsletter/confirm and /newsletter/unsubscribe by a link's token.
 */
export function newsletterHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  return [
    http.post(`${apiUrl}/newsletter`, async ({ request }) => {
      const body = await readJson(request);
      if (!body) return invalidBody();
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      const problem = emailProblem(email);
      if (problem) return validationError(problem, 'email');
      if (body.consent !== true) return validationError(NEWSLETTER_MESSAGES.consentRequired, 'consent');
      if (body.policyVersion !== PRIVACY_POLICY_VERSION) return validationError(NEWSLETTER_MESSAGES.policyOutdated, 'consent');
      const now = Date.now();
      const existing = db.data.newsletter.find((entry) => entry.email === email);
      const status = existing?.status ?? 'pendente';
      // The same answer whatever the address's state (the API tells no one whether an address is subscribed): an active
      // subscription, or a pending one whose confirmation is still live, is left as it is.
      const live = existing && status === 'pendente' && existing.confirmToken && (existing.confirmExpiresAt ?? 0) > now;
      if (existing && (status === 'ativo' || live)) return HttpResponse.json({ email, status: 'pendente' }, { status: 201 });
      const record: NewsletterRecord = {
        email,
        createdAt: existing?.createdAt ?? now,
        status: 'pendente',
        consentAt: now,
        policyVersion: PRIVACY_POLICY_VERSION,
        confirmToken: fakeToken('c'),
        confirmExpiresAt: now + NEWSLETTER_CONFIRMATION_TTL_MS,
        unsubscribeTokens: [...(existing?.unsubscribeTokens ?? []), fakeToken('u')],
      };
      db.data.newsletter = [...db.data.newsletter.filter((entry) => entry.email !== email), record];
      db.save();
      return HttpResponse.json({ email, status: 'pendente' }, { status: 201 });
    }),
    http.post(`${apiUrl}/newsletter/confirm`, async ({ request }) => {
      const body = await readJson(request);
      if (!body) return invalidBody();
      const token = tokenOf(body);
      if (token instanceof Response) return token;
      const record = db.data.newsletter.find((entry) => entry.confirmToken === token);
      if (!record) return apiError(404, 'link-invalid', NEWSLETTER_MESSAGES.confirmInvalid);
      if (record.status === 'ativo') return HttpResponse.json({ outcome: 'already-confirmed', email: record.email });
      if (record.status === 'cancelado') return apiError(409, 'subscription-cancelled', NEWSLETTER_MESSAGES.confirmCancelled);
      if ((record.confirmExpiresAt ?? 0) <= Date.now()) return apiError(410, 'link-expired', NEWSLETTER_MESSAGES.confirmExpired);
      record.status = 'ativo';
      record.unsubscribeTokens = [...(record.unsubscribeTokens ?? []), fakeToken('u')];
      db.save();
      return HttpResponse.json({ outcome: 'confirmed', email: record.email });
    }),
    http.post(`${apiUrl}/newsletter/unsubscribe`, async ({ request }) => {
      const body = await readJson(request);
      if (!body) return invalidBody();
      const token = tokenOf(body);
      if (token instanceof Response) return token;
      const record = db.data.newsletter.find((entry) => entry.unsubscribeTokens?.includes(token));
      if (!record) return apiError(404, 'link-invalid', NEWSLETTER_MESSAGES.cancelInvalid);
      if (record.status === 'cancelado') return HttpResponse.json({ outcome: 'already-cancelled', email: record.email });
      record.status = 'cancelado';
      db.save();
      return HttpResponse.json({ outcome: 'cancelled', email: record.email });
    }),
  ];
}
