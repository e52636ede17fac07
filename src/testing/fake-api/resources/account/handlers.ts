import { http, HttpResponse } from 'msw';
import { MINUTE } from '@/seed/utils';
import type { Principal } from '@/testing/fake-api/token';
import { accountNameOf } from '../team/handlers';
import { assemblerRegistrationSchema, profileUpdateSchema } from '@/contracts/account';
import { parseBody } from '@/testing/fake-api/collection';
import {
  apiError,
  authenticate,
  idempotent,
  invalidBody,
  readJson,
  serialize,
  validationError,
  type HandlerContext,
} from '@/testing/fake-api/http';

/**
 * GET/PATCH /me and POST /assembler. /me is the person signed in (`memberUid`): a member of a builder's team gets
 * its own name and the account's CNPJ, role and name; GET /me also records the member's last access.
 */
export function accountHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;

  const profileOf = (principal: Principal) => {
    const uid = principal.memberUid;
    const member = db.data.teamMembers.find((m) => m.uid === uid);
    const account = db.data.assemblers.find((a) => a.uid === principal.uid);
    const access = { role: principal.role, accountName: accountNameOf(db, principal.uid) };
    // Who registered the company: its record is the profile; any other member: its own name, the company's CNPJ.
    const assembler = db.data.assemblers.find((a) => a.uid === uid);
    if (assembler) return { name: assembler.name, cnpj: assembler.cnpj, email: assembler.email, ...access };
    if (member && account) return { name: member.name, cnpj: account.cnpj, email: member.email, ...access };
    const staff = db.data.staff.find((s) => s.uid === uid);
    if (staff) return { name: staff.name, cnpj: null, email: staff.email };
    return null;
  };

  /** Último acesso on the Equipe screen: a sign-in or a session restore (at most one write a minute). */
  const recordAccess = (memberUid: string) => {
    const member = db.data.teamMembers.find((m) => m.uid === memberUid);
    const now = Date.now();
    if (!member || (member.lastAccessAt !== null && now - member.lastAccessAt < MINUTE)) return;
    member.lastAccessAt = now;
    db.save();
  };

  return [
    http.get(`${apiUrl}/me`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const profile = profileOf(auth.principal);
      if (!profile) return apiError(404, 'profile-not-found', 'Perfil não encontrado para esta conta.');
      recordAccess(auth.principal.memberUid);
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
      const uid = auth.principal.memberUid;
      const assembler = db.data.assemblers.find((a) => a.uid === uid);
      const staff = db.data.staff.find((s) => s.uid === uid);
      const member = db.data.teamMembers.find((m) => m.uid === uid);
      if (!assembler && !staff && !member) return apiError(404, 'profile-not-found', 'Perfil não encontrado para esta conta.');
      if (assembler) assembler.name = name;
      if (staff) staff.name = name;
      if (member) member.name = name;
      db.save();
      return HttpResponse.json(profileOf(auth.principal));
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
        // Who registers the company is its team's first Administrador.
        db.data.teamMembers.push({
          uid: principal.memberUid,
          accountUid: principal.uid,
          name,
          email,
          role: 'administrador',
          joinedAt: record.createdAt,
          lastAccessAt: record.createdAt,
          version: 1,
          updatedAt: record.createdAt,
        });
        db.save();
        return HttpResponse.json(serialize(record) as Record<string, unknown>, { status: 201 });
      });
    }),
  ];
}
