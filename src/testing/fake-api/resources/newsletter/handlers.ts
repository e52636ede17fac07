import { http, HttpResponse } from 'msw';
import { emailProblem } from '@/contracts/validators/fields';
import { apiError, invalidBody, readJson, validationError, type HandlerContext } from '@/testing/fake-api/http';

/** POST /newsletter: public (the landing has no session). */
export function newsletterHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  return [
    http.post(`${apiUrl}/newsletter`, async ({ request }) => {
      const body = await readJson(request);
      if (!body) return invalidBody();
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      const problem = emailProblem(email);
      if (problem) return validationError(problem, 'email');
      if (db.data.newsletter.some((entry) => entry.email === email)) {
        return apiError(409, 'already-subscribed', 'Este e-mail já está inscrito na nossa newsletter.');
      }
      db.data.newsletter.push({ email, createdAt: Date.now() });
      db.save();
      return HttpResponse.json({ email }, { status: 201 });
    }),
  ];
}
