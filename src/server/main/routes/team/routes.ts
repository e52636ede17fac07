/**
 * /team: the account's members and invitations, for its Administrador only (the links are secrets). A member's role
 * is changed and a member removed; the last Administrador can be neither demoted nor removed (checked again in the
 * write's WHERE, so two Administradores demoting each other at once cannot leave the account without one). Who
 * registered the company, the account's Titular, is never removed and is demoted only by themselves (403
 * `titular-protected`, with the reason). The invitations' and the link's routes are in invitation-routes.ts.
 */
import { and, eq, exists, ne, or, sql } from 'drizzle-orm';
import { roleChangeSchema, TEAM_MESSAGES } from '@/contracts/team';
import { apiRoute, type App } from '../../../shared/app';
import { teamMember } from '../../../shared/db/core-schema';
import { ApiError, conflict } from '../../../shared/errors';
import { errors, errorsOf, ifMatchHeaders, json, jsonBody } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { auditInsertWhere } from '../../audit';
import { updateVersioned } from '../../../shared/versioned';
import { requireVersion, versionConflict } from '../../../shared/versions';
import { invitationRoutes } from './invitation-routes';
import { linkRoutes } from './link-routes';
import { mailboxRoutes } from './mailbox-routes';
import { adminCount, anotherAdmin, findMember, isTitular, memberJson, teamOf, titularRefusal, type MemberRow } from './queries';
import { memberParams, memberSchema, teamSchema } from './schemas';

export const TEAM_TAG = 'Equipe';

const memberNotFound = () => new ApiError(404, 'not-found', TEAM_MESSAGES.memberNotFound);

/** A member's version named by If-Match (optional: the Equipe screen sends none), checked against the current. */
function checkIfMatch(request: Request, current: MemberRow): void {
  if (request.headers.get('If-Match') === null) return;
  const version = requireVersion(request, null);
  if (version !== current.version) throw versionConflict(memberJson(current));
}

export function teamRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'team-read',
      method: 'get',
      path: '/team',
      tags: [TEAM_TAG],
      summary: 'A equipe da conta: pessoas e convites (os links, só para o Administrador)',
      responses: { 200: json(teamSchema, 'A equipe.'), 401: errors[401], 403: errors[403] },
    }),
    async (c) => {
      const team = await teamOf(c.var.db, c.var.principal.uid);
      // An invitation's link is its credential: only an Administrador gets it (Leitura sees the list, not the links).
      const visible =
        c.var.principal.role === 'administrador'
          ? team
          : { ...team, invitations: team.invitations.map((invitation) => ({ ...invitation, link: '' })) };
      return c.json(serialize(visible) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'team',
      method: 'patch',
      path: '/team/member/{uid}',
      tags: [TEAM_TAG],
      summary: 'Muda o perfil de uma pessoa da equipe',
      request: { params: memberParams, headers: ifMatchHeaders, ...jsonBody(roleChangeSchema) },
      responses: {
        200: json(memberSchema, 'A pessoa, com o novo perfil.'),
        ...errorsOf([400, 401, 403, 404, 409]),
      },
    }),
    async (c) => {
      const { db } = c.var;
      const owner = c.var.principal.uid;
      const { uid } = c.req.valid('param');
      const { role } = c.req.valid('json');
      const current = await findMember(db, owner, uid);
      if (!current) throw memberNotFound();
      checkIfMatch(c.req.raw, current);
      const demotes = current.role === 'administrador' && role !== 'administrador';
      // The Titular (who registered the company) changes their own role; nobody else demotes them.
      if (demotes && isTitular(current) && current.uid !== c.var.principal.memberUid) throw titularRefusal('demotion');
      const lastAdmin = () => conflict('last-admin', TEAM_MESSAGES.lastAdmin, { field: 'role' });
      if (demotes && (await adminCount(db, owner)) <= 1) throw lastAdmin();
      if (current.role === role) return c.json(serialize(memberJson(current)) as never, 200);
      const now = Math.max(Date.now(), current.updatedAt + 1);
      // The audit entry in the same batch, kept only if this UPDATE took place (the version it wrote, at its time).
      const audited = auditInsertWhere(
        c,
        { kind: 'team.role', target: { kind: 'member', id: uid, label: current.name || current.email }, before: { role: current.role }, after: { role }, at: now },
        sql`EXISTS (SELECT 1 FROM ${teamMember} WHERE account_uid = ${owner} AND uid = ${uid} AND version = ${current.version + 1} AND updated_at = ${now})`,
      );
      const updated = await updateVersioned(
        db.batch([
          db
          .update(teamMember)
          .set({ role, version: sql`${teamMember.version} + 1`, updatedAt: now })
          .where(
            and(
              eq(teamMember.accountUid, owner),
              eq(teamMember.uid, uid),
              eq(teamMember.version, current.version),
              demotes ? anotherAdmin(owner, uid) : undefined,
            ),
          )
          .returning(),
          audited,
        ]).then(([rows]) => rows),
        {
          current: async () => {
            const now = await findMember(db, owner, uid);
            if (!now) return null;
            // The last administrator demoted meanwhile by someone else: that is the answer, not a stale version.
            if (demotes && now.role === 'administrador' && (await adminCount(db, owner)) <= 1) throw lastAdmin();
            return memberJson(now);
          },
          notFound: TEAM_MESSAGES.memberNotFound,
        },
      );
      return c.json(serialize(memberJson(updated)) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'team',
      method: 'delete',
      path: '/team/member/{uid}',
      tags: [TEAM_TAG],
      summary: 'Remove uma pessoa da equipe',
      request: { params: memberParams, headers: ifMatchHeaders },
      responses: { 204: { description: 'Removida.' }, ...errorsOf([401, 403, 404, 409]) },
    }),
    async (c) => {
      const { db } = c.var;
      const owner = c.var.principal.uid;
      const { uid } = c.req.valid('param');
      const current = await findMember(db, owner, uid);
      if (!current) throw memberNotFound();
      checkIfMatch(c.req.raw, current);
      if (isTitular(current)) throw titularRefusal('removal');
      const lastAdmin = () => conflict('last-admin', TEAM_MESSAGES.lastAdmin);
      if (current.role === 'administrador' && (await adminCount(db, owner)) <= 1) throw lastAdmin();
      if (current.uid === c.var.principal.memberUid) throw conflict('self', TEAM_MESSAGES.selfRemoval);
      const removable = and(
        eq(teamMember.accountUid, owner),
        eq(teamMember.uid, uid),
        ne(teamMember.uid, owner),
        or(ne(teamMember.role, 'administrador'), anotherAdmin(owner, uid)),
      );
      // The audit entry first, on the DELETE's own condition (the same batch: both or neither).
      const [, deleted] = await db.batch([
        auditInsertWhere(
          c,
          {
            kind: 'team.remove',
            target: { kind: 'member', id: uid, label: current.name || current.email },
            before: { name: current.name, email: current.email, role: current.role },
            after: null,
          },
          exists(db.select({ uid: teamMember.uid }).from(teamMember).where(removable)),
        ),
        db.delete(teamMember).where(removable).returning({ uid: teamMember.uid }),
      ]);
      if (deleted.length === 0) {
        if (!(await findMember(db, owner, uid))) throw memberNotFound();
        throw lastAdmin();
      }
      return c.body(null, 204);
    },
  );

  invitationRoutes(app);
  linkRoutes(app);
  mailboxRoutes(app);
}
