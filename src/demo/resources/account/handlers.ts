import { http, HttpResponse } from 'msw';
import { assemblerRegistrationSchema, profileUpdateSchema } from '@/contracts/account';
import { parseBody } from '@/demo/collection';
import {
  apiError,
  authenticate,
  idempotent,
  invalidBody,
  readJson,
  serialize,
  validationError,
  type HandlerContext,
} from '@/demo/http';

/** GET/PATCH /me and POST /assembler. */
export function accountHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;

  const profileOf = (uid: string) => {
    const assembler = db.data.assemblers.find((a) => a.uid === uid);
    if (assembler) return { name: assembler.name, cnpj: assembler.cnpj, email: assembler.email };
    const staff = db.data.staff.find((s) => s.uid === uid);
    if (staff) return { name: staff.name, cnpj: null, email: staff.email };
    return null;
  };

  return [
    http.get(`${apiUrl}/me`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const profile = profileOf(auth.principal.uid);
      if (!profile) return apiError(404, 'profile-not-found', 'Perfil não encontrado para esta conta.');
      return HttpResponse.json(profile);
    }),

    http.patch(`${apiUrl}/me`, async ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const body = await readJson(request);
      if (!body) return invalidBody();
      const parsed = parseBody(profileUpdateSchema, body);
      if (!parsed.ok) return parsed.response;
      const { name } = parsed.data;
      const assembler = db.data.assemblers.find((a) => a.uid === auth.principal.uid);
      const staff = db.data.staff.find((s) => s.uid === auth.principal.uid);
      if (!assembler && !staff) return apiError(404, 'profile-not-found', 'Perfil não encontrado para esta conta.');
      if (assembler) assembler.name = name;
      if (staff) staff.name = name;
      db.save();
      return HttpResponse.json(profileOf(auth.principal.uid));
    }),

    http.post(`${apiUrl}/assembler`, async ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const { principal } = auth;
      const body = await readJson(request);
      if (!body) return invalidBody();
      return idempotent(request, ctx, principal.uid, () => {
        // The same contract as the registration page's checks (name, CNPJ with check digits, e-mail).
        const parsed = parseBody(assemblerRegistrationSchema, body);
        if (!parsed.ok) return parsed.response;
        const { name, cnpj: normalized, email } = parsed.data;
        if (email.toLowerCase() !== principal.email.toLowerCase()) {
          return validationError('O e-mail deve ser o mesmo da conta que está sendo criada.', 'email');
        }
        if (db.data.assemblers.some((a) => a.uid === principal.uid)) {
          return apiError(409, 'assembler-exists', 'Esta conta já tem uma empresa cadastrada.');
        }
        if (db.data.assemblers.some((a) => a.cnpj === normalized)) {
          return apiError(409, 'cnpj-taken', 'Este CNPJ já está cadastrado. Entre com a conta da empresa ou fale com o suporte.');
        }
        const record = { uid: principal.uid, name, cnpj: normalized, email, createdAt: Date.now() };
        db.data.assemblers.push(record);
        db.save();
        return HttpResponse.json(serialize(record) as Record<string, unknown>, { status: 201 });
      });
    }),
  ];
}
