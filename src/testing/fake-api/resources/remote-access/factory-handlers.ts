/**
 * The factory's approval (issue 25, item 4), as src/server/main/routes/remote-access/factory-routes.ts answers it: a
 * request for a machine whose customer has "Exigir aprovação da fábrica" waits for the factory; the link e-mailed to
 * the customer (in the demo mailbox) opens the page, which posts its token to `POST /factory-approval/open` and decides
 * once with `POST /factory-approval/decision` `{ token, decision, reason }` (no sign-in; the token in the body, never
 * in a path). A dead link answers 410 with why.
 */
import { http, HttpResponse } from 'msw';
import {
  FACTORY_APPROVAL_MESSAGES as FM,
  factoryApprovalLink,
  factoryDecisionRequestSchema,
  factoryTokenSchema,
  type FactoryLinkCode,
} from '@/contracts/factory-approval';
import { durationLabel } from '@/contracts/remote-access';
import type { CustomerRecord } from '@/seed/customers/records';
import { parseBody } from '@/testing/fake-api/collection';
import type { DemoDb } from '@/testing/fake-api/db';
import { apiError, invalidBody, readJson, serialize, type HandlerContext } from '@/testing/fake-api/http';
import { accountNameOf } from '../team/handlers';
import { changeSession, logEvent, remoteAccessStore, type FactoryLinkRecord, type SessionRecord } from './store';

const HOUR = 60 * 60 * 1000;

/** The machine's customer when it requires the factory's approval, else null. */
export function factoryApprover(db: DemoDb, owner: string, customerId: string | null): CustomerRecord | null {
  const found = customerId ? db.data.customers.find((c) => c.id === customerId && c.ownerUid === owner) : undefined;
  return found?.requireFactoryApproval ? found : null;
}

/** The link (a random token) and its e-mail to the customer, in the demo mailbox. */
export function askFactory(db: DemoDb, session: SessionRecord, factory: CustomerRecord, now: number): void {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const token = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const expiresAt = now + 24 * HOUR;
  remoteAccessStore(db.data).factoryLinks.push({
    token,
    ownerUid: session.ownerUid,
    sessionId: session.id,
    customerName: factory.name,
    customerEmail: factory.email,
    expiresAt,
    usedAt: null,
    decision: null,
  });
  const builder = accountNameOf(db, session.ownerUid);
  db.data.mailbox.push({
    id: db.nextId('mail'),
    accountUid: session.ownerUid,
    to: factory.email,
    subject: FM.mailSubject(builder, session.machineName),
    text: FM.mailText(session.requesterName, session.reason, durationLabel(session.durationHours), new Date(expiresAt).toLocaleString('pt-BR')),
    link: factoryApprovalLink(token),
    sentAt: now,
  });
}

const gone = (code: FactoryLinkCode, message: string) => apiError(410, code, message);

function check(link: FactoryLinkRecord, session: SessionRecord | undefined, now: number): Response | null {
  if (link.usedAt !== null) return link.decision === 'refuse' ? gone('request-refused', FM.refused) : gone('link-used', FM.used);
  if (!session) return gone('request-ended', FM.ended);
  if (session.status === 'refused') return gone('request-refused', FM.refused);
  if (session.status === 'expired' || link.expiresAt <= now) return gone('link-expired', FM.expired);
  if (session.status !== 'pending' || session.awaiting !== 'factory') return gone('request-ended', FM.ended);
  return null;
}

export function factoryApprovalHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  const open = (token: string, now: number) => {
    const s = remoteAccessStore(db.data);
    const link = s.factoryLinks.find((l) => l.token === token);
    if (!link) return { response: apiError(404, 'not-found', FM.notFound) };
    const session = s.sessions.find((x) => x.id === link.sessionId && x.ownerUid === link.ownerUid);
    const dead = check(link, session, now);
    if (dead || !session) return { response: dead ?? gone('request-ended', FM.ended) };
    return { link, session };
  };

  return [
    http.post(`${apiUrl}/factory-approval/open`, async ({ request }) => {
      const body = await readJson(request);
      if (!body) return invalidBody();
      const given = parseBody(factoryTokenSchema, body);
      if (!given.ok) return given.response;
      const found = open(given.data.token, Date.now());
      if ('response' in found) return found.response;
      const { link, session } = found;
      return HttpResponse.json(
        serialize({
          builderName: accountNameOf(db, link.ownerUid),
          requesterName: session.requesterName,
          machineName: session.machineName,
          customerName: session.customerName ?? link.customerName,
          reason: session.reason,
          durationHours: session.durationHours,
          services: session.services,
          requestedAt: session.createdAt,
          expiresAt: link.expiresAt,
        }) as Record<string, unknown>,
      );
    }),

    http.post(`${apiUrl}/factory-approval/decision`, async ({ request }) => {
      const body = await readJson(request);
      if (!body) return invalidBody();
      const parsed = parseBody(factoryDecisionRequestSchema, body);
      if (!parsed.ok) return parsed.response;
      const now = Date.now();
      const found = open(parsed.data.token, now);
      if ('response' in found) return found.response;
      const { link, session } = found;
      const { decision, reason } = parsed.data;
      const approve = decision === 'approve';
      changeSession(
        session,
        approve ? 'approved' : 'refused',
        { awaiting: null, decidedByName: link.customerName, decidedAt: now, refusalReason: approve ? null : reason },
        now,
      );
      link.usedAt = now;
      link.decision = decision;
      logEvent(remoteAccessStore(db.data), session, approve ? 'factory-approved' : 'factory-refused', { uid: null, name: `${link.customerName} (${link.customerEmail})` }, reason, now);
      const message = approve
        ? FM.approved(session.requesterName, session.machineName, durationLabel(session.durationHours))
        : FM.refusedNow(accountNameOf(db, link.ownerUid));
      return HttpResponse.json({ status: approve ? 'approved' : 'refused', message });
    }),
  ];
}
