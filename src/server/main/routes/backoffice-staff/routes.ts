/**
 * /backoffice/staff (staff): "Equipe interna" (issue 38, item 2) — the Ponte team, who holds Firebase's `admin`
 * claim (the back office and the VPN API).
 *
 * - `GET /backoffice/staff`: the members (the `staff` table), by name.
 * - `POST /backoffice/staff/grant { email }`: Firebase's account of that e-mail gets `admin: true` (its other claims
 *   kept) — from the person's next sign-in (or token refresh) — and a `staff` row; no account with that e-mail → 400
 *   at `email` (the person must sign up first); already a member → 409.
 * - `POST /backoffice/staff/{uid}/revoke`: the claim removed and the refresh tokens revoked (`validSince`), and the
 *   API refuses at once every token of theirs signed in before (`staff_revocation`, checked by `authenticate`); the
 *   last member → 409. Firebase first, then one D1 batch; the batch refusing (the last member, by a concurrent
 *   revocation) gives the claim back.
 * Each change in the audit log (same batch). Firebase not configured or refusing the service account → 503.
 */
import { STAFF_ALREADY_CODE, STAFF_ALREADY_MESSAGE, STAFF_LAST_CODE, STAFF_LAST_MESSAGE, STAFF_NO_ACCOUNT_CODE, STAFF_NOT_FOUND_MESSAGE, staffGrantSchema, staffNoAccountMessage } from '@/contracts/staff';
import { apiRoute, type App } from '../../../shared/app';
import { ApiError, conflict, notFound } from '../../../shared/errors';
import { firebaseAdmin } from '../../../shared/firebase-admin';
import { errors, errorsOf, json, jsonBody } from '../../../shared/openapi';
import { findStaff, insertStaff, listStaff, nameFor, removeStaff, staffCount } from './queries';
import { staffGrantBodySchema, staffMemberPageSchema, staffMemberSchema, staffUidParams } from './schemas';

const TAG = 'Back office';

export function backofficeStaffRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'get',
      path: '/backoffice/staff',
      tags: [TAG],
      summary: 'A equipe interna (quem tem acesso ao back office)',
      responses: { 200: json(staffMemberPageSchema, 'Os membros, por nome.'), 401: errors[401], 403: errors[403] },
    }),
    async (c) => {
      const data = await listStaff(c.var.db);
      return c.json({ data, meta: { page: 1, perPage: data.length, total: data.length } }, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'post',
      path: '/backoffice/staff/grant',
      tags: [TAG],
      summary: 'Concede acesso à equipe interna pelo e-mail da conta',
      request: jsonBody(staffGrantBodySchema),
      responses: {
        200: json(staffMemberSchema, 'O novo membro.'),
        ...errorsOf([400, 401, 403, 409]),
      },
    }),
    async (c) => {
      const parsed = staffGrantSchema.safeParse(c.req.valid('json'));
      if (!parsed.success) throw new ApiError(400, 'validation', parsed.error.issues[0]?.message ?? 'Informe o e-mail.', { field: 'email' });
      const { email } = parsed.data;
      const admin = firebaseAdmin(c.env);
      const user = await admin.userByEmail(email);
      if (!user) throw new ApiError(400, STAFF_NO_ACCOUNT_CODE, staffNoAccountMessage(email), { field: 'email' });
      if (await findStaff(c.var.db, user.uid)) throw conflict(STAFF_ALREADY_CODE, STAFF_ALREADY_MESSAGE);
      await admin.setClaims(user.uid, { ...user.claims, admin: true });
      const member = { uid: user.uid, name: await nameFor(c.var.db, user.uid, user.displayName, user.email || email), email: user.email || email };
      if (!(await insertStaff(c, member))) throw conflict(STAFF_ALREADY_CODE, STAFF_ALREADY_MESSAGE);
      return c.json(member, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'post',
      path: '/backoffice/staff/{uid}/revoke',
      tags: [TAG],
      summary: 'Revoga o acesso de um membro da equipe interna (e as sessões dele)',
      request: { params: staffUidParams },
      responses: {
        200: json(staffMemberSchema, 'O membro, já sem acesso.'),
        ...errorsOf([401, 403, 404, 409]),
      },
    }),
    async (c) => {
      const { uid } = c.req.valid('param');
      const { db } = c.var;
      const member = await findStaff(db, uid);
      if (!member) throw notFound(STAFF_NOT_FOUND_MESSAGE);
      if ((await staffCount(db)) <= 1) throw conflict(STAFF_LAST_CODE, STAFF_LAST_MESSAGE);
      const admin = firebaseAdmin(c.env);
      const user = await admin.userByUid(uid);
      const at = Date.now();
      const others = Object.fromEntries(Object.entries(user?.claims ?? {}).filter(([key]) => key !== 'admin'));
      if (user) await admin.setClaims(uid, others, at);
      if (!(await removeStaff(c, member, at))) {
        // Revoked meanwhile by another request: done.
        if (!(await findStaff(db, uid))) return c.json(member, 200);
        // A concurrent revocation left this person the last member: the claim goes back (the sessions stay revoked).
        if (user) await admin.setClaims(uid, { ...others, admin: true });
        throw conflict(STAFF_LAST_CODE, STAFF_LAST_MESSAGE);
      }
      return c.json(member, 200);
    },
  );
}
