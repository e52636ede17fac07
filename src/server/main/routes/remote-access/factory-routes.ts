/**
 * The factory's approval link (issue 25, item 4), public — the link's token is the credential, looked up by its
 * SHA-256 (the token itself is never stored). The page (`/aprovacao-acesso/<token>`) sends it in the request's body,
 * never in an API path (paths are logged):
 * - `POST /factory-approval/open` `{ token }`: what the page shows — the builder, the engineer, the machine, the
 *   customer, the reason, the window and the services.
 * - `POST /factory-approval/decision` `{ token, decision: approve | refuse, reason }` (reason required to refuse): the
 *   session approved (the requester then gets "Baixar perfil") or refused, the link used and the event written —
 *   one batch, each write guarded so that a second decision, or one after the request was ended, changes nothing.
 *   An approval fixes the grant (the machine's tunnel subnet, LAN and chosen services now: grant.ts).
 * A link that no longer works answers 410 with why: used, expired (with the request's wait, or the request expired),
 * the request ended or replaced, or refused. 404: no such link.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  FACTORY_APPROVAL_MESSAGES as FM,
  factoryDecisionRequestSchema,
  factoryTokenSchema,
  type FactoryLinkCode,
} from '@/contracts/factory-approval';
import { durationLabel, type RemoteAccessStatus } from '@/contracts/remote-access';
import { apiRoute, type App } from '../../../shared/app';
import type { Db } from '../../../shared/app-env';
import { insertWhere } from '../../../shared/db/guarded';
import { demoMode } from '../../../demo/mode';
import { ApiError, conflict } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import { errors, json, jsonBody } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { remoteAccessFactoryLink } from '../../db/factory-approval-schema';
import { remoteAccessEvent, remoteAccessSession } from '../../db/remote-access-schema';
import { accountNameOf } from '../account/queries';
import { eventRow, findSession, settleSessions, type SessionRow } from './queries';
import { factoryActorName, tokenHash } from './factory';
import { grantAtApproval } from './grant';
import { factoryApprovalRequestSchema, factoryDecisionAnswerSchema } from './schemas';

const TAG = 'Acesso remoto';

type LinkRow = typeof remoteAccessFactoryLink.$inferSelect;

const gone = (code: FactoryLinkCode, message: string) => new ApiError(410, code, message);

/** Why the link no longer works (thrown), given the session as it is now. */
function checkLink(link: LinkRow, session: SessionRow | null, now: number): SessionRow {
  if (link.usedAt !== null) throw link.decision === 'refuse' ? gone('request-refused', FM.refused) : gone('link-used', FM.used);
  if (!session) throw gone('request-ended', FM.ended);
  if (session.status === 'refused') throw gone('request-refused', FM.refused);
  if (session.status === 'expired' || link.expiresAt <= now) throw gone('link-expired', FM.expired);
  if (session.status !== 'pending' || session.awaiting !== 'factory') throw gone('request-ended', FM.ended);
  return session;
}

/** The link by its token's hash, and its session after the owner's due expiries are settled. */
async function openLink(db: Db, token: string, demo: boolean, now: number) {
  const [link] = await db
    .select()
    .from(remoteAccessFactoryLink)
    .where(eq(remoteAccessFactoryLink.tokenHash, await tokenHash(token)))
    .limit(1);
  if (!link) throw new ApiError(404, 'not-found', FM.notFound);
  await settleSessions(db, link.ownerUid, now, demo);
  const found = await findSession(db, link.ownerUid, link.sessionId);
  return { link, found, session: checkLink(link, found?.row ?? null, now) };
}

const linkErrors = {
  404: errors[404],
  410: json(errors[404].content['application/json'].schema, 'O link não vale mais: já usado, expirado, solicitação encerrada ou recusada.'),
};

export function factoryApprovalRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'public',
      method: 'post',
      path: '/factory-approval/open',
      tags: [TAG],
      summary: 'O pedido de acesso que a fábrica aprova pelo link do e-mail (sem login): `{ token }` no corpo',
      request: jsonBody(factoryTokenSchema),
      responses: { 200: json(factoryApprovalRequestSchema, 'O pedido.'), 400: errors[400], ...linkErrors },
    }),
    async (c) => {
      const { db } = c.var;
      const { link, found, session } = await openLink(db, c.req.valid('json').token, demoMode(c.env).standInHub, Date.now());
      c.header('Cache-Control', 'no-store');
      const body = {
        builderName: await accountNameOf(db, link.ownerUid),
        requesterName: session.requesterName,
        machineName: session.machineName,
        customerName: found?.json.customerName ?? link.customerName,
        reason: session.reason,
        durationHours: session.durationHours,
        services: session.services,
        requestedAt: session.createdAt,
        expiresAt: link.expiresAt,
      };
      return c.json(serialize(body) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'public',
      method: 'post',
      path: '/factory-approval/decision',
      tags: [TAG],
      summary: 'A fábrica autoriza ou recusa (com o motivo) o acesso, pelo link do e-mail (uma vez): `{ token, decision, reason }`',
      request: jsonBody(factoryDecisionRequestSchema),
      responses: { 200: json(factoryDecisionAnswerSchema, 'Decidido.'), 400: errors[400], ...linkErrors, 409: errors[409] },
    }),
    async (c) => {
      const { token, decision, reason } = c.req.valid('json');
      const { db } = c.var;
      const now = Date.now();
      const { link, session } = await openLink(db, token, demoMode(c.env).standInHub, now);
      const owner = link.ownerUid;
      const to: RemoteAccessStatus = decision === 'approve' ? 'approved' : 'refused';
      // Approved: the grant is fixed now (the machine's tunnel subnet, LAN and the chosen services as they are).
      const grant = decision === 'approve' ? await grantAtApproval(db, owner, session) : {};
      const actor = { uid: null, name: factoryActorName(link) };
      const s = remoteAccessSession;
      const l = remoteAccessFactoryLink;
      const unused = sql`EXISTS (SELECT 1 FROM remote_access_factory_link WHERE token_hash = ${link.tokenHash} AND used_at IS NULL)`;
      const done = sql`EXISTS (SELECT 1 FROM remote_access_session WHERE owner_uid = ${owner} AND id = ${session.id}
        AND version = ${session.version + 1} AND status = ${to})`;
      const [changed] = await db.batch([
        db
          .update(s)
          .set({
            status: to,
            awaiting: null,
            decidedByUid: null,
            decidedByName: link.customerName,
            decidedAt: now,
            refusalReason: decision === 'refuse' ? reason : null,
            ...grant,
            version: sql`${s.version} + 1`,
            updatedAt: Math.max(now, session.updatedAt + 1),
          })
          .where(and(eq(s.ownerUid, owner), eq(s.id, session.id), eq(s.version, session.version), eq(s.status, 'pending'), eq(s.awaiting, 'factory'), unused))
          .returning({ id: s.id }),
        db.update(l).set({ usedAt: now, decision }).where(and(eq(l.tokenHash, link.tokenHash), isNull(l.usedAt), done)),
        insertWhere(
          db,
          remoteAccessEvent,
          eventRow(await nextId(db, 'remote-access-event'), session, decision === 'approve' ? 'factory-approved' : 'factory-refused', actor, reason, now),
          done,
        ),
      ]);
      if (changed.length === 0) {
        // Decided, ended or used meanwhile: said as the link would be now.
        await openLink(db, token, demoMode(c.env).standInHub, now);
        throw conflict('version-conflict', 'A solicitação mudou enquanto você decidia: abra o link de novo.');
      }
      const message =
        decision === 'approve'
          ? FM.approved(session.requesterName, session.machineName, durationLabel(session.durationHours))
          : FM.refusedNow(await accountNameOf(db, owner));
      return c.json({ status: to, message } as never, 200);
    },
  );
}
