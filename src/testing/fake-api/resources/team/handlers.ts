/**
 * /team: the account's members and invitations (Administrador changes them, Leitura sees them, Técnico neither);
 * POST /invitation/open and /invitation/accept (the link's token in the body): what the link shows to anyone holding
 * it, and its acceptance by the invited e-mail signed in. As the real API, the link is only in the answer that made
 * its token (the invitation, or its resend: a new token), never in GET /team, and an e-mail of another account is
 * invited like any other (the invitee learns it at acceptance);
 * /demo/mailbox: the e-mails the demo "sent" for the account (it sends none).
 *
 * The last Administrador can't be removed or demoted; who registered the company (the Titular) can't be removed nor
 * demoted by another Administrador (403 with the reason). Invitations
 * expire INVITATION_TTL_DAYS after they were (re)sent.
 */
import { http, HttpResponse } from 'msw';
import {
  acceptInvitationSchema,
  invitationTokenSchema,
  INVITATION_TTL_DAYS,
  invitationInputSchema,
  roleChangeSchema,
  roleForbiddenMessage,
  TEAM_MESSAGES,
  type InvitationStatus,
} from '@/contracts/team';
import { TITULAR_CODE, TITULAR_MESSAGES } from '@/contracts/titular';
import { parseBody } from '@/testing/fake-api/collection';
import type { DemoDb } from '@/testing/fake-api/db';
import { apiError, authenticate, idempotent, invalidBody, readJson, serialize, type HandlerContext } from '@/testing/fake-api/http';
import { DAY } from '@/seed/utils';
import type { Principal } from '@/testing/fake-api/token';
import type { InvitationRecord, TeamMemberRecord } from '@/seed/team/records';
import { invitationMail } from '@/seed/team/seed';

export function invitationStatus(invitation: InvitationRecord, now = Date.now()): InvitationStatus {
  return invitation.status === 'pendente' && invitation.expiresAt <= now ? 'expirado' : invitation.status;
}

export function accountNameOf(db: DemoDb, accountUid: string): string {
  const assembler = db.data.assemblers.find((a) => a.uid === accountUid);
  if (assembler) return assembler.name;
  const owner = db.data.teamMembers.find((m) => m.uid === accountUid);
  return owner?.name ?? owner?.email ?? accountUid;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function newToken(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type Json = Record<string, unknown>;

const memberJson = (member: TeamMemberRecord): Json =>
  serialize({
    uid: member.uid,
    name: member.name,
    email: member.email,
    role: member.role,
    lastAccessAt: member.lastAccessAt,
    joinedAt: member.joinedAt,
    owner: member.uid === member.accountUid,
  }) as Json;

const invitationJson = (invitation: InvitationRecord, withLink = false): Json =>
  serialize({
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    status: invitationStatus(invitation),
    createdAt: invitation.createdAt,
    expiresAt: invitation.expiresAt,
    link: withLink ? `/invite/${invitation.token}` : '',
  }) as Json;

export function teamHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;

  const membersOf = (accountUid: string) => db.data.teamMembers.filter((m) => m.accountUid === accountUid);
  const adminCount = (accountUid: string) => membersOf(accountUid).filter((m) => m.role === 'administrador').length;

  /** The account's team, with who registered first (members by name, invitations newest first). */
  const teamJson = (accountUid: string) => ({
    members: membersOf(accountUid)
      .slice()
      .sort((a, b) => Number(b.uid === b.accountUid) - Number(a.uid === a.accountUid) || a.name.localeCompare(b.name, 'pt-BR'))
      .map(memberJson),
    invitations: db.data.invitations
      .filter((i) => i.accountUid === accountUid)
      .slice()
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((invitation) => invitationJson(invitation)),
  });

  /** Who invites (a builder whose member record is not there yet is still its own Administrador). */
  const nameOf = (principal: Principal) =>
    db.data.teamMembers.find((m) => m.uid === principal.memberUid)?.name ??
    db.data.assemblers.find((a) => a.uid === principal.memberUid)?.name ??
    principal.name ??
    principal.email;

  const sendMail = (invitation: InvitationRecord) => {
    db.data.mailbox.push(invitationMail(invitation, accountNameOf(db, invitation.accountUid), Date.now(), db.nextId('mail')));
  };

  /** Only an Administrador manages the team (the policy already refused other roles' writes). */
  const manager = (request: Request) => {
    const auth = authenticate(request, ctx);
    if ('response' in auth) return auth;
    if (auth.principal.role !== 'administrador') {
      return { response: apiError(403, 'role-forbidden', roleForbiddenMessage(auth.principal.role, 'team')) };
    }
    return auth;
  };

  const findInvitation = (accountUid: string, id: string) =>
    db.data.invitations.find((i) => i.id === id && i.accountUid === accountUid);

  const touch = (record: { version: number; updatedAt: number }) => {
    record.version += 1;
    record.updatedAt = Date.now();
  };

  /** Why `email` may not be invited (or an expired invitation of it renewed) now: the 409, or null. */
  const refusal = (principal: { uid: string; email: string }, email: string, now: number, exceptId = '') => {
    const accountUid = principal.uid;
    if (membersOf(accountUid).some((m) => sameEmail(m.email, email)) || (membersOf(accountUid).length === 0 && sameEmail(principal.email, email))) {
      return apiError(409, 'already-member', TEAM_MESSAGES.alreadyMember, { field: 'email' });
    }
    const pending = db.data.invitations.some(
      (i) => i.id !== exceptId && i.accountUid === accountUid && sameEmail(i.email, email) && invitationStatus(i, now) === 'pendente',
    );
    if (pending) return apiError(409, 'already-invited', TEAM_MESSAGES.alreadyInvited, { field: 'email' });
    return null;
  };

  return [
    http.get(`${apiUrl}/team`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      if (auth.principal.role === 'tecnico') {
        return apiError(403, 'role-forbidden', roleForbiddenMessage('tecnico', 'team'));
      }
      return HttpResponse.json(teamJson(auth.principal.uid));
    }),

    http.post(`${apiUrl}/team/invitation`, async ({ request }) => {
      const auth = manager(request);
      if ('response' in auth) return auth.response;
      const { principal } = auth;
      const body = await readJson(request);
      if (!body) return invalidBody();
      return idempotent(request, ctx, principal.memberUid, () => {
        const parsed = parseBody(invitationInputSchema, body);
        if (!parsed.ok) return parsed.response;
        const { email, role } = parsed.data;
        const accountUid = principal.uid;
        const now = Date.now();
        const refused = refusal(principal, email, now);
        if (refused) return refused;
        const invitation: InvitationRecord = {
          id: db.nextId('invitation'),
          accountUid,
          token: newToken(),
          email,
          role,
          status: 'pendente',
          createdAt: now,
          expiresAt: now + INVITATION_TTL_DAYS * DAY,
          invitedByUid: principal.memberUid,
          invitedByName: nameOf(principal),
          acceptedByUid: null,
          version: 1,
          updatedAt: now,
        };
        db.data.invitations.push(invitation);
        sendMail(invitation);
        db.save();
        return HttpResponse.json(invitationJson(invitation, true), { status: 201 });
      });
    }),

    http.post(`${apiUrl}/team/invitation/:id/resend`, ({ request, params }) => {
      const auth = manager(request);
      if ('response' in auth) return auth.response;
      const invitation = findInvitation(auth.principal.uid, String(params.id));
      if (!invitation) return apiError(404, 'not-found', TEAM_MESSAGES.invitationNotFound);
      if (invitation.status !== 'pendente') return apiError(409, 'not-pending', TEAM_MESSAGES.invitationNotPending);
      const now = Date.now();
      // An expired one is renewed only while its e-mail may still be invited (one pending invitation per e-mail).
      const refused = invitationStatus(invitation, now) === 'expirado' ? refusal(auth.principal, invitation.email, now, invitation.id) : null;
      if (refused) return refused;
      invitation.expiresAt = now + INVITATION_TTL_DAYS * DAY;
      // A new link (the real API keeps only the token's hash: the old one cannot be sent again).
      invitation.token = newToken();
      touch(invitation);
      sendMail(invitation);
      db.save();
      return HttpResponse.json(invitationJson(invitation, true));
    }),

    http.post(`${apiUrl}/team/invitation/:id/revoke`, ({ request, params }) => {
      const auth = manager(request);
      if ('response' in auth) return auth.response;
      const invitation = findInvitation(auth.principal.uid, String(params.id));
      if (!invitation) return apiError(404, 'not-found', TEAM_MESSAGES.invitationNotFound);
      if (invitation.status !== 'pendente') return apiError(409, 'not-pending', TEAM_MESSAGES.invitationNotPending);
      invitation.status = 'revogado';
      touch(invitation);
      db.save();
      return HttpResponse.json(invitationJson(invitation));
    }),

    http.patch(`${apiUrl}/team/member/:uid`, async ({ request, params }) => {
      const auth = manager(request);
      if ('response' in auth) return auth.response;
      const member = membersOf(auth.principal.uid).find((m) => m.uid === String(params.uid));
      if (!member) return apiError(404, 'not-found', TEAM_MESSAGES.memberNotFound);
      const body = await readJson(request);
      if (!body) return invalidBody();
      const parsed = parseBody(roleChangeSchema, body);
      if (!parsed.ok) return parsed.response;
      const { role } = parsed.data;
      const demotes = member.role === 'administrador' && role !== 'administrador';
      // The Titular (who registered the company) changes their own role; nobody else demotes them.
      if (demotes && member.uid === member.accountUid && member.uid !== auth.principal.memberUid) {
        return apiError(403, TITULAR_CODE, TITULAR_MESSAGES.demotion);
      }
      if (demotes && adminCount(member.accountUid) <= 1) {
        return apiError(409, 'last-admin', TEAM_MESSAGES.lastAdmin, { field: 'role' });
      }
      if (member.role !== role) {
        member.role = role;
        touch(member);
        db.save();
      }
      return HttpResponse.json(memberJson(member));
    }),

    http.delete(`${apiUrl}/team/member/:uid`, ({ request, params }) => {
      const auth = manager(request);
      if ('response' in auth) return auth.response;
      const member = membersOf(auth.principal.uid).find((m) => m.uid === String(params.uid));
      if (!member) return apiError(404, 'not-found', TEAM_MESSAGES.memberNotFound);
      if (member.uid === member.accountUid) return apiError(403, TITULAR_CODE, TITULAR_MESSAGES.removal);
      if (member.role === 'administrador' && adminCount(member.accountUid) <= 1) {
        return apiError(409, 'last-admin', TEAM_MESSAGES.lastAdmin);
      }
      if (member.uid === auth.principal.memberUid) return apiError(409, 'self', TEAM_MESSAGES.selfRemoval);
      db.data.teamMembers = db.data.teamMembers.filter((m) => m !== member);
      db.save();
      return new HttpResponse(null, { status: 204 });
    }),

    // Anyone holding the link sees whose account and which role (no session needed: the invitee may have none).
    http.post(`${apiUrl}/invitation/open`, async ({ request }) => {
      const parsed = parseBody(invitationTokenSchema, (await readJson(request)) ?? {});
      if (!parsed.ok) return parsed.response;
      const invitation = db.data.invitations.find((i) => i.token === parsed.data.token);
      if (!invitation) return apiError(404, 'not-found', TEAM_MESSAGES.invitationNotFound);
      return HttpResponse.json(
        serialize({
          accountName: accountNameOf(db, invitation.accountUid),
          email: invitation.email,
          role: invitation.role,
          status: invitationStatus(invitation),
          expiresAt: invitation.expiresAt,
          invitedBy: invitation.invitedByName,
        }) as Json,
      );
    }),

    http.post(`${apiUrl}/invitation/accept`, async ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const { principal } = auth;
      const parsed = parseBody(acceptInvitationSchema, (await readJson(request)) ?? {});
      if (!parsed.ok) return parsed.response;
      const invitation = db.data.invitations.find((i) => i.token === parsed.data.token);
      if (!invitation) return apiError(404, 'not-found', TEAM_MESSAGES.invitationNotFound);
      const accepted = () =>
        HttpResponse.json({ accountName: accountNameOf(db, invitation.accountUid), role: invitation.role });

      // A repeated accept by the one who accepted (a retry, a second tab) is what was done, not an error.
      if (invitation.status === 'aceito') {
        return invitation.acceptedByUid === principal.memberUid
          ? accepted()
          : apiError(409, 'accepted', TEAM_MESSAGES.invitationAccepted);
      }
      const status = invitationStatus(invitation);
      if (status === 'revogado') return apiError(410, 'revoked', TEAM_MESSAGES.invitationRevoked);
      if (status === 'expirado') return apiError(410, 'expired', TEAM_MESSAGES.invitationExpired);
      if (!sameEmail(principal.email, invitation.email)) {
        return apiError(403, 'other-email', TEAM_MESSAGES.otherEmail(invitation.email));
      }
      const current = db.data.teamMembers.find((m) => m.uid === principal.memberUid);
      const ownsCompany = db.data.assemblers.some((a) => a.uid === principal.memberUid);
      if ((current && current.accountUid !== invitation.accountUid) || (!current && ownsCompany)) {
        return apiError(409, 'other-account', TEAM_MESSAGES.otherAccount);
      }
      const now = Date.now();
      if (!current) {
        db.data.teamMembers.push({
          uid: principal.memberUid,
          accountUid: invitation.accountUid,
          name: parsed.data.name || principal.name || principal.email,
          email: principal.email,
          role: invitation.role,
          joinedAt: now,
          lastAccessAt: now,
          version: 1,
          updatedAt: now,
        });
      }
      invitation.status = 'aceito';
      invitation.acceptedByUid = principal.memberUid;
      touch(invitation);
      db.save();
      return accepted();
    }),

    http.get(`${apiUrl}/demo/mailbox`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const mails = db.data.mailbox
        .filter((mail) => mail.accountUid === auth.principal.uid)
        .slice()
        .sort((a, b) => b.sentAt - a.sentAt);
      return HttpResponse.json(serialize(mails.map(({ accountUid: _account, ...mail }) => mail)) as Json[]);
    }),
  ];
}
