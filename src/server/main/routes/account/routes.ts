/**
 * GET/PATCH /me: the person signed in (`memberUid`) — a member of a builder's team gets its own name and the
 * account's CNPJ, role and name; GET /me also records the member's last access. POST /assembler: the company
 * behind a new account (its CNPJ unique across builders), and its registrant as the team's first Administrador —
 * both rows in one batch, with the Termos de Uso in force accepted by the registrant (routes/terms/). The CNPJ is only held until the registrant's e-mail is verified (holds.ts).
 */
import { assemblerRegistrationSchema, profileUpdateSchema } from '@/contracts/account';
import { apiRoute, type App } from '../../../shared/app';
import { assembler, teamMember } from '../../../shared/db/core-schema';
import { ApiError, conflict, validationError } from '../../../shared/errors';
import { idempotentCreate } from '../../../shared/idempotency';
import { errors, errorsOf, json, jsonBody } from '../../../shared/openapi';
import { createRoute } from '../../../shared/resource-routes';
import { serialize } from '../../../shared/time';
import { heldUntilFor, keepVerifiedHold, releaseExpiredHold } from './holds';
import { termsAcceptanceInsert } from '../terms/queries';
import { assemblerExists, cnpjRegistered, profileOf, recordAccess, renamePerson } from './queries';
import { assemblerSchema, profileSchema } from './schemas';

export const PROFILE_NOT_FOUND = 'Perfil não encontrado para esta conta.';
export const EMAIL_MISMATCH = 'O e-mail deve ser o mesmo da conta que está sendo criada.';
export const ASSEMBLER_EXISTS = 'Esta conta já tem uma empresa cadastrada.';
/** Says nothing of who holds the CNPJ (nor whether its account is verified yet). */
export const CNPJ_TAKEN = 'Este CNPJ já está cadastrado. Entre com a conta da empresa ou fale com o suporte.';
const TAG = 'Conta';

const profileNotFound = () => new ApiError(404, 'profile-not-found', PROFILE_NOT_FOUND);

export function accountRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'self',
      method: 'get',
      path: '/me',
      tags: [TAG],
      summary: 'O perfil de quem está conectado (registra o último acesso)',
      responses: { 200: json(profileSchema, 'O perfil.'), 401: errors[401], 404: errors[404] },
    }),
    async (c) => {
      const { db, principal } = c.var;
      const profile = await profileOf(db, principal);
      if (!profile) throw profileNotFound();
      await recordAccess(db, principal);
      // A registrant whose token now says its e-mail is verified: its CNPJ is kept (holds.ts).
      await keepVerifiedHold(db, principal);
      return c.json(profile, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'self',
      method: 'patch',
      path: '/me',
      tags: [TAG],
      summary: 'Altera o nome de quem está conectado',
      request: jsonBody(profileUpdateSchema),
      responses: { 200: json(profileSchema, 'O perfil alterado.'), ...errorsOf([400, 401, 404]) },
    }),
    async (c) => {
      const { db, principal } = c.var;
      const { name } = c.req.valid('json');
      if (!(await renamePerson(db, principal, name))) throw profileNotFound();
      const profile = await profileOf(db, principal);
      if (!profile) throw profileNotFound();
      return c.json(profile, 200);
    },
  );

  app.openapi(
    createRoute({
      path: '/assembler', tag: TAG, access: 'self',
      summary: 'Cadastra a empresa da conta (e quem a cadastra como Administrador)',
      input: assemblerRegistrationSchema, item: assemblerSchema, description: 'Cadastrada.', errors: [400, 401, 409, 422],
    }),
    (c) =>
      idempotentCreate(c, async () => {
        const { db, principal } = c.var;
        const { name, cnpj, email } = c.req.valid('json');
        if (email.toLowerCase() !== principal.email.toLowerCase()) throw validationError(EMAIL_MISMATCH, 'email');
        if (await assemblerExists(db, principal.uid)) throw conflict('assembler-exists', ASSEMBLER_EXISTS);
        const now = Date.now();
        // A company whose account stayed unverified past its 48 h no longer holds the CNPJ.
        await releaseExpiredHold(db, cnpj, now);
        if (await cnpjRegistered(db, cnpj)) throw conflict('cnpj-taken', CNPJ_TAKEN);
        const record = { uid: principal.uid, name, cnpj, email, createdAt: now };
        return {
          status: 201,
          body: serialize(record),
          writes: [
            db.insert(assembler).values({ ...record, version: 1, updatedAt: now, heldUntil: heldUntilFor(principal, now) }),
            // Who registers the company is its team's first Administrador.
            db
              .insert(teamMember)
              .values({
                uid: principal.memberUid,
                accountUid: principal.uid,
                name,
                email,
                role: 'administrador',
                joinedAt: now,
                lastAccessAt: now,
                version: 1,
                updatedAt: now,
              })
              .onConflictDoNothing({ target: teamMember.uid }),
            // "Ao criar sua conta você concorda com os Termos de Uso": the version in force, by its registrant.
            termsAcceptanceInsert(db, principal.uid, principal.memberUid, now),
          ],
        };
      }),
  );
}
