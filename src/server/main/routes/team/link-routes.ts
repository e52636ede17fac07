/**
 * The invitation's link (the page `/invite/<token>` posts its token here, in the body: an API path is logged, and
 * only the token's SHA-256 is stored): POST /invitation/open shows anyone holding it whose account, which role and
 * its status (never the link itself); POST /invitation/accept makes the invited e-mail, signed in, a member with the
 * role — the invitation marked accepted and the member added in one batch, the member only if that acceptance
 * took place, and the acceptance only if the person is still free to join (no other account, no company of their
 * own) as it is written. A repeated accept by the one who accepted is answered as the first.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { acceptInvitationSchema, invitationTokenSchema, TEAM_MESSAGES } from '@/contracts/team';
import { apiRoute, type App } from '../../../shared/app';
import type { Db } from '../../../shared/app-env';
import { assembler, teamMember } from '../../../shared/db/core-schema';
import { ApiError, conflict } from '../../../shared/errors';
import type { Principal } from '../../../shared/principal';
import { errors, errorsOf, json, jsonBody } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { invitation } from '../../db/account-schema';
import { accountNameOf } from '../account/queries';
import { d1Batch } from './d1-batch';
import { invitationNotFound } from './invitation-routes';
import { invitationTokenHash } from './mail';
import { emailKey, invitationByToken, invitationStatus, type InvitationRow } from './queries';
import { acceptedSchema, invitationPreviewSchema } from './schemas';
import { databaseOf } from '../../../shared/local-d1';

const TAG = 'Equipe';

/** Why `principal` may not accept `row` (thrown), or whether it already did (true). */
async function checkAcceptance(db: Db, principal: Principal, row: InvitationRow): Promise<{ done: boolean; member: boolean }> {
  if (row.status === 'aceito') {
    if (row.acceptedByUid === principal.memberUid) return { done: true, member: true };
    throw conflict('accepted', TEAM_MESSAGES.invitationAccepted);
  }
  const status = invitationStatus(row);
  if (status === 'revogado') throw new ApiError(410, 'revoked', TEAM_MESSAGES.invitationRevoked);
  if (status === 'expirado') throw new ApiError(410, 'expired', TEAM_MESSAGES.invitationExpired);
  if (emailKey(principal.email) !== row.emailKey) {
    throw new ApiError(403, 'other-email', TEAM_MESSAGES.otherEmail(row.email));
  }
  const [current, company] = await db.batch([
    db.select({ accountUid: teamMember.accountUid }).from(teamMember).where(eq(teamMember.uid, principal.memberUid)).limit(1),
    db.select({ uid: assembler.uid }).from(assembler).where(eq(assembler.uid, principal.memberUid)).limit(1),
  ]);
  const member = current[0];
  if ((member && member.accountUid !== row.ownerUid) || (!member && company.length > 0)) {
    throw conflict('other-account', TEAM_MESSAGES.otherAccount);
  }
  return { done: false, member: member !== undefined };
}

export function linkRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'public',
      method: 'post',
      path: '/invitation/open',
      tags: [TAG],
      summary: 'O que o link de convite mostra (conta, perfil, situação): `{ token }` no corpo',
      request: jsonBody(invitationTokenSchema),
      responses: { 200: json(invitationPreviewSchema, 'O convite.'), 400: errors[400], 404: errors[404] },
    }),
    async (c) => {
      const { db } = c.var;
      const row = await invitationByToken(db, await invitationTokenHash(c.req.valid('json').token));
      if (!row) throw invitationNotFound();
      const preview = {
        accountName: await accountNameOf(db, row.ownerUid),
        email: row.email,
        role: row.role,
        status: invitationStatus(row),
        expiresAt: row.expiresAt,
        invitedBy: row.invitedByName,
      };
      return c.json(serialize(preview) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'self',
      method: 'post',
      path: '/invitation/accept',
      tags: [TAG],
      summary: 'Aceita o convite: `{ token, name? }` (o token do link; o nome de quem entra)',
      request: jsonBody(acceptInvitationSchema),
      responses: {
        200: json(acceptedSchema, 'Aceito: a conta e o perfil.'),
        ...errorsOf([400, 401, 403, 404, 409]),
        410: { description: 'Convite revogado ou expirado.', content: errors[404].content },
      },
    }),
    async (c) => {
      const { db, principal } = c.var;
      const { token, name } = c.req.valid('json');
      const row = await invitationByToken(db, await invitationTokenHash(token));
      if (!row) throw invitationNotFound();
      const accepted = async () => c.json({ accountName: await accountNameOf(db, row.ownerUid), role: row.role }, 200);
      const { done, member } = await checkAcceptance(db, principal, row);
      if (done) return accepted();
      const now = Date.now();
      const accept = db
        .update(invitation)
        .set({ status: 'aceito', acceptedByUid: principal.memberUid, version: sql`${invitation.version} + 1`, updatedAt: Math.max(now, row.updatedAt + 1) })
        .where(
          and(
            eq(invitation.ownerUid, row.ownerUid),
            eq(invitation.id, row.id),
            eq(invitation.status, 'pendente'),
            gt(invitation.expiresAt, now),
            // The checks above, again as the statement runs: not a member of another account, nor (a newcomer)
            // with a company of their own — two invitations of two accounts accepted at once make one member.
            sql`NOT EXISTS (SELECT 1 FROM ${teamMember} WHERE uid = ${principal.memberUid} AND account_uid <> ${row.ownerUid})`,
            member ? undefined : sql`NOT EXISTS (SELECT 1 FROM ${assembler} WHERE uid = ${principal.memberUid})`,
          ),
        )
        .returning({ id: invitation.id });
      // The member joins only if this very acceptance happened (the invitation now accepted by this person).
      const join = sql`INSERT INTO ${teamMember} (uid, account_uid, name, email, role, joined_at, last_access_at, version, updated_at)
            SELECT ${principal.memberUid}, ${row.ownerUid}, ${name || principal.name || principal.email}, ${principal.email},
                   ${row.role}, ${now}, ${now}, 1, ${now}
            WHERE EXISTS (SELECT 1 FROM ${invitation} WHERE owner_uid = ${row.ownerUid} AND id = ${row.id}
                          AND status = 'aceito' AND accepted_by_uid = ${principal.memberUid})
            ON CONFLICT (uid) DO NOTHING`;
      const changed = member ? (await accept).length : ((await d1Batch(databaseOf(c.env), [accept, join]))[0]?.rows.length ?? 0);
      if (changed === 0) {
        // Revoked, expired or accepted meanwhile: answer as the invitation is now.
        const now2 = await invitationByToken(db, row.tokenHash);
        if (!now2) throw invitationNotFound();
        const again = await checkAcceptance(db, principal, now2);
        if (again.done) return accepted();
        throw conflict('accepted', TEAM_MESSAGES.invitationAccepted);
      }
      return accepted();
    },
  );
}
