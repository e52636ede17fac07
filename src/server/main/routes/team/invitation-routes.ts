/**
 * The Administrador's invitations: POST /team/invitation (an e-mail not yet in the team, not already invited; a link
 * valid for INVITATION_TTL_DAYS, its e-mail kept in the mailbox; "not already invited" is also the INSERT's own
 * condition, so two concurrent invitations of one e-mail make one), and resending (a new link, a new deadline, a new
 * e-mail) or revoking a pending one. 'team' routes only.
 *
 * The link's token is kept only as its SHA-256: the token is in the answer that made it (the invitation, or its
 * resend) and in the e-mail (whose row keeps it only in demo mode) — not in the stored replay of the create (a
 * retry with the same key answers the invitation without its link), not in GET /team.
 * An e-mail that belongs to another account is invited like any other (the same answer: the inviter learns nothing
 * of other accounts); the invitee is told at acceptance (link-routes.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { invitationInputSchema, TEAM_MESSAGES } from '@/contracts/team';
import { apiRoute, type App } from '../../../shared/app';
import { demoMode } from '../../../demo/mode';
import { insertWhere } from '../../../shared/db/guarded';
import { ApiError, conflict } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import { idempotentCreate } from '../../../shared/idempotency';
import { errorsOf, idParams, json } from '../../../shared/openapi';
import { createRoute } from '../../../shared/resource-routes';
import { serialize } from '../../../shared/time';
import { invitation } from '../../db/account-schema';
import { accountNameOf } from '../account/queries';
import { auditInsertWhere } from '../../audit';
import { d1Batch } from './d1-batch';
import { invitationLink, invitationMailInsertWhen, invitationTokenHash, nextMailId } from './mail';
import { dispatchMail, type MailMessage } from '../../mail/outbox';
import {
  emailKey,
  findInvitation,
  INVITATION_TTL_MS,
  invitationJson,
  invitationRefusal,
  inviterName,
  newToken,
  pendingInvitation,
  type InvitationRow,
} from './queries';
import { invitationSchema } from './schemas';
import { databaseOf } from '../../../shared/local-d1';

const TAG = 'Equipe';

const REFUSALS = {
  'already-member': TEAM_MESSAGES.alreadyMember,
  'already-invited': TEAM_MESSAGES.alreadyInvited,
} as const;

/** The refusal the inviter is told: another account's e-mail is not one (it would reveal who has an account). */
async function refusalOf(...args: Parameters<typeof invitationRefusal>): Promise<keyof typeof REFUSALS | null> {
  const refusal = await invitationRefusal(...args);
  return refusal === 'other-account' ? null : refusal;
}

/** The answer of the create that made the token, given its link (the stored replay has none). */
async function withLink(answer: Response, made: { id: string; link: string } | null): Promise<Response> {
  if (!made || answer.status !== 201) return answer;
  const body = (await answer.clone().json()) as { id?: string };
  if (body.id !== made.id) return answer;
  return new Response(JSON.stringify({ ...body, link: made.link }), { status: 201, headers: answer.headers });
}

export const invitationNotFound = () => new ApiError(404, 'not-found', TEAM_MESSAGES.invitationNotFound);
const notPending = () => conflict('not-pending', TEAM_MESSAGES.invitationNotPending);

export function invitationRoutes(app: App) {
  app.openapi(
    createRoute({
      path: '/team/invitation', tag: TAG, access: 'team',
      summary: 'Convida um e-mail para a equipe',
      input: invitationInputSchema, item: invitationSchema, description: 'Convite enviado.',
    }),
    async (c) => {
      let made: { id: string; link: string } | null = null;
      const queued: MailMessage[] = [];
      const answer: Response = await idempotentCreate(c, async () => {
        const { db, principal } = c.var;
        const { email, role } = c.req.valid('json');
        const now = Date.now();
        const refusal = await refusalOf(db, principal, email, now);
        if (refusal) throw conflict(refusal, REFUSALS[refusal], { field: 'email' });
        const token = newToken();
        const row: InvitationRow = {
          id: await nextId(db, 'invitation'),
          ownerUid: principal.uid,
          tokenHash: await invitationTokenHash(token),
          email,
          emailKey: emailKey(email),
          role,
          status: 'pendente',
          createdAt: now,
          expiresAt: now + INVITATION_TTL_MS,
          invitedByUid: principal.memberUid,
          invitedByName: await inviterName(db, principal),
          acceptedByUid: null,
          version: 1,
          updatedAt: now,
        };
        // Kept only if no pending invitation of the e-mail was written since the check (else checked again: 409);
        // its e-mail only with it.
        const insert = insertWhere(db, invitation, row, sql`NOT ${pendingInvitation(row.ownerUid, row.emailKey, now)}`);
        const applied = sql`EXISTS (SELECT 1 FROM ${invitation} WHERE id = ${row.id})`;
        const link = invitationLink(token);
        const mailLink = { link, demo: demoMode(c.env).keepsMailLinks };
        const mailId = await nextMailId(db);
        const sent = invitationMailInsertWhen(db, row, await accountNameOf(db, principal.uid), now, mailId, applied, mailLink);
        made = { id: row.id, link };
        queued.push({ store: 'mail', id: mailId, link });
        const audited = auditInsertWhere(c, { kind: 'team.invite', target: { kind: 'invitation', id: row.id, label: email }, before: null, after: { email, role }, at: now }, applied);
        return { status: 201, body: serialize(invitationJson(row, now)), writes: [insert, sent, audited], applied };
      });
      // The e-mail leaves once its row is written (a replay made none; a row its batch did not keep is skipped).
      await dispatchMail(c.env, queued);
      return (await withLink(answer, made)) as never;
    },
  );

  for (const action of ['resend', 'revoke'] as const) {
    app.openapi(
      apiRoute({
        access: 'team',
        method: 'post',
        path: `/team/invitation/{id}/${action}`,
        tags: [TAG],
        summary: action === 'resend' ? 'Reenvia um convite pendente (novo prazo)' : 'Revoga um convite pendente',
        request: { params: idParams },
        responses: {
          200: json(invitationSchema, 'O convite.'),
          ...errorsOf([401, 403, 404, 409]),
        },
      }),
      async (c) => {
        const { db } = c.var;
        const owner = c.var.principal.uid;
        const { id } = c.req.valid('param');
        const current = await findInvitation(db, owner, id);
        if (!current) throw invitationNotFound();
        if (current.status !== 'pendente') throw notPending();
        const now = Math.max(Date.now(), current.updatedAt + 1);
        // An expired invitation renewed: only while its e-mail may still be invited (no newer pending invitation,
        // not a member meanwhile) — checked here for the message, and again by the UPDATE as it runs.
        if (action === 'resend' && current.expiresAt <= now) {
          const refusal = await refusalOf(db, c.var.principal, current.email, now);
          if (refusal) throw conflict(refusal, REFUSALS[refusal], { field: 'email' });
        }
        // A resend makes a new link (only the token's hash is kept, so the old one cannot be sent again).
        const token = action === 'resend' ? newToken() : '';
        const change =
          action === 'resend'
            ? { expiresAt: now + INVITATION_TTL_MS, tokenHash: await invitationTokenHash(token) }
            : { status: 'revogado' as const };
        const update = db
          .update(invitation)
          .set({ ...change, version: sql`${invitation.version} + 1`, updatedAt: now })
          .where(
            and(
              eq(invitation.ownerUid, owner),
              eq(invitation.id, id),
              eq(invitation.status, 'pendente'),
              action === 'resend' ? sql`NOT ${pendingInvitation(owner, current.emailKey, now, id)}` : undefined,
            ),
          )
          .returning();
        // The audit entry, in the write's batch and kept only if this write changed the invitation.
        const audited = auditInsertWhere(
          c,
          {
            kind: action === 'resend' ? 'team.invite-resend' : 'team.invite-revoke',
            target: { kind: 'invitation', id, label: current.email },
            before: action === 'resend' ? { expiresAt: new Date(current.expiresAt) } : { status: current.status },
            after: action === 'resend' ? { expiresAt: new Date(now + INVITATION_TTL_MS) } : { status: 'revogado' },
            at: now,
          },
          sql`EXISTS (SELECT 1 FROM ${invitation} WHERE owner_uid = ${owner} AND id = ${id} AND version = ${current.version + 1} AND updated_at = ${now})`,
        );
        let updated: InvitationRow | undefined;
        if (action === 'resend') {
          // The e-mail is kept only if this resend changed the invitation (the same batch, checked after the UPDATE).
          const resent = sql`EXISTS (SELECT 1 FROM ${invitation} WHERE owner_uid = ${owner} AND id = ${id} AND status = 'pendente' AND version = ${current.version + 1} AND updated_at = ${now})`;
          const accountName = await accountNameOf(db, owner);
          const mailLink = { link: invitationLink(token), demo: demoMode(c.env).keepsMailLinks };
          const mailId = await nextMailId(db);
          const sent = invitationMailInsertWhen(db, { ...current, ...change }, accountName, now, mailId, resent, mailLink);
          const [changed] = await d1Batch(databaseOf(c.env), [update, sent, audited]);
          if (changed?.rows.length) await dispatchMail(c.env, [{ store: 'mail', id: mailId, link: mailLink.link }]);
          updated = changed?.rows.length ? await findInvitation(db, owner, id) ?? undefined : undefined;
        } else {
          [[updated]] = await db.batch([update, audited]);
        }
        if (!updated) {
          const now2 = await findInvitation(db, owner, id);
          if (!now2) throw invitationNotFound();
          if (now2.status === 'pendente') throw conflict('already-invited', TEAM_MESSAGES.alreadyInvited, { field: 'email' });
          throw notPending();
        }
        return c.json(serialize(invitationJson(updated, Date.now(), token ? invitationLink(token) : '')) as never, 200);
      },
    );
  }
}
