import { describe, expect, it } from 'vitest';
import { roleForbiddenMessage, TEAM_MESSAGES } from '@/contracts/team';
import { TITULAR_MESSAGES } from '@/contracts/titular';
import { testDb } from '@/testing/msw-server';
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_UID, OTHER_ASSEMBLER_UID } from '@/seed';
import { DEMO_EXPIRED_INVITATION_TOKEN, DEMO_INVITATION_EMAIL, DEMO_INVITATION_TOKEN } from '@/seed/team/seed';
import { makeTestToken } from '../token';
import { call, json } from '@/testing/demo-api';

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: DEMO_CUSTOMER_EMAIL });
const serra = makeTestToken({ uid: OTHER_ASSEMBLER_UID, email: 'joao@serra-equipamentos.exemplo.com.br' });
const carlos = makeTestToken({ uid: 'demo-tecnico-carlos', email: 'carlos.prado@oliveira.exemplo.com.br' });
const juliana = makeTestToken({ uid: 'demo-leitura-juliana', email: 'juliana.nakamura@oliveira.exemplo.com.br' });
const pedro = makeTestToken({ uid: 'pedro-novo', email: DEMO_INVITATION_EMAIL, name: 'Pedro Alves' });
const stranger = makeTestToken({ uid: 'alguem', email: 'alguem@exemplo.com.br' });

interface ApiError {
  error: { code: string; message: string; field?: string };
}
interface ApiMember {
  uid: string;
  name: string;
  email: string;
  role: string;
  owner: boolean;
  lastAccessAt: { seconds: number } | null;
}
interface ApiInvitation {
  id: string;
  email: string;
  role: string;
  status: string;
  link: string;
  expiresAt: { seconds: number; nanos: number };
}
interface ApiTeam {
  members: ApiMember[];
  invitations: ApiInvitation[];
}

/** The link's page: its token in the body (as the real API: never in a path). */
const open = (token: string) => call('/invitation/open', { method: 'POST', json: { token } });
const accept = (token: string, who?: string, body: Record<string, unknown> = {}) =>
  call('/invitation/accept', { method: 'POST', ...(who ? { token: who } : {}), json: { token, ...body } });

async function expectError(response: Response, status: number, message: string, field?: string) {
  expect(response.status).toBe(status);
  const body = await json<ApiError>(response);
  expect(body.error.message).toBe(message);
  if (field) expect(body.error.field).toBe(field);
}

async function invite(email: string, role = 'tecnico', token = maria) {
  return call('/team/invitation', { method: 'POST', token, json: { email, role } });
}

/** The seeded pending invitation, made current whatever the test clock says. */
function freshSeededInvitation() {
  const invitation = testDb().data.invitations.find((i) => i.token === DEMO_INVITATION_TOKEN);
  if (!invitation) throw new Error('convite semeado ausente');
  invitation.expiresAt = Date.now() + 86_400_000;
  return invitation;
}

describe('demo team', () => {
  it('lists the account: Maria (who registered) first, the Técnico and the Leitura, the invitations with their status', async () => {
    freshSeededInvitation();
    const response = await call('/team', { token: maria });
    expect(response.status).toBe(200);
    const team = await json<ApiTeam>(response);
    expect(team.members.map((m) => [m.name, m.role, m.owner])).toEqual([
      ['Maria Oliveira Santos', 'administrador', true],
      ['Carlos Henrique Prado', 'tecnico', false],
      ['Juliana Nakamura', 'leitura', false],
    ]);
    expect(team.invitations.map((i) => [i.email, i.status])).toEqual([
      [DEMO_INVITATION_EMAIL, 'pendente'],
      ['ana.ribeiro@oliveira.exemplo.com.br', 'expirado'],
    ]);
    // No link in the list (the real API keeps only the token's SHA-256).
    expect(team.invitations.map((i) => i.link)).toEqual(['', '']);
    // The other builder sees only its own.
    const other = await json<ApiTeam>(await call('/team', { token: serra }));
    expect(other.members.map((m) => m.name)).toEqual(['João Pereira Costa']);
    expect(other.invitations).toEqual([]);
  });

  it('a member works on the account it belongs to: the Técnico sees Maria\'s customers and edits a machine', async () => {
    const mine = await json<{ meta: { total: number } }>(await call('/customer', { token: maria }));
    const his = await json<{ meta: { total: number } }>(await call('/customer', { token: carlos }));
    expect(his.meta.total).toBe(mine.meta.total);
    expect(his.meta.total).toBeGreaterThan(40);
    const me = await json<{ name: string; cnpj: string; role: string; accountName: string }>(await call('/me', { token: carlos }));
    expect(me).toMatchObject({ name: 'Carlos Henrique Prado', role: 'tecnico', accountName: 'Maria Oliveira Santos' });
    expect(me.cnpj).toBe(testDb().data.assemblers.find((a) => a.uid === DEMO_CUSTOMER_UID)?.cnpj);
    // GET /me is the member's last access.
    expect(testDb().data.teamMembers.find((m) => m.uid === 'demo-tecnico-carlos')?.lastAccessAt).toBeGreaterThan(Date.now() - 5000);
  });

  describe('roles (one policy for every resource)', () => {
    it('Técnico: no purchases (orders, addresses) and no team, with the pt-BR reason', async () => {
      await expectError(await call('/order', { method: 'POST', token: carlos, json: {} }), 403, roleForbiddenMessage('tecnico', 'purchase'));
      await expectError(await call('/address', { method: 'POST', token: carlos, json: {} }), 403, 'Seu perfil (Técnico) não permite fazer compras.');
      await expectError(await call('/team', { token: carlos }), 403, 'Seu perfil (Técnico) não permite gerenciar a equipe.');
      await expectError(await invite('novo@exemplo.com.br', 'leitura', carlos), 403, 'Seu perfil (Técnico) não permite gerenciar a equipe.');
      // The fleet is his: a customer is created.
      const created = await call('/customer', {
        method: 'POST',
        token: carlos,
        json: { name: 'Fábrica do Técnico', cnpj: '11222333000181', tradeName: '', email: '', phone: '', city: '', uf: '' },
      });
      expect(created.status).toBe(201);
    });

    it('Leitura: sees everything, changes nothing (but its own profile)', async () => {
      expect((await call('/customer', { token: juliana })).status).toBe(200);
      expect((await call('/team', { token: juliana })).status).toBe(200);
      const refused = 'Seu perfil (Leitura) não permite alterar dados.';
      await expectError(await call('/customer', { method: 'POST', token: juliana, json: {} }), 403, refused);
      await expectError(await call('/machine/machine-1001', { method: 'PUT', token: juliana, json: {} }), 403, refused);
      await expectError(await call('/customer/customer-1001', { method: 'DELETE', token: juliana }), 403, refused);
      await expectError(await call('/device/claim', { method: 'POST', token: juliana, json: {} }), 403, refused);
      await expectError(await call('/order', { method: 'POST', token: juliana, json: {} }), 403, 'Seu perfil (Leitura) não permite fazer compras.');
      await expectError(await invite('x@exemplo.com.br', 'leitura', juliana), 403, 'Seu perfil (Leitura) não permite gerenciar a equipe.');
      const renamed = await call('/me', { method: 'PATCH', token: juliana, json: { name: 'Juliana N.' } });
      expect(renamed.status).toBe(200);
      expect((await json<{ name: string }>(renamed)).name).toBe('Juliana N.');
    });
  });

  describe('invite', () => {
    it('sends an invitation (a link that expires in 7 days) and keeps the e-mail in the demo mailbox', async () => {
      const response = await invite('Novo.Tecnico@Exemplo.com.br ');
      expect(response.status).toBe(201);
      const invitation = await json<ApiInvitation>(response);
      expect(invitation).toMatchObject({ email: 'Novo.Tecnico@Exemplo.com.br', role: 'tecnico', status: 'pendente' });
      expect(invitation.link).toMatch(/^\/invite\/[0-9a-f]{36}$/);
      const days = (invitation.expiresAt.seconds * 1000 - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);
      const mailbox = await json<Array<{ to: string; subject: string; link: string }>>(await call('/demo/mailbox', { token: maria }));
      expect(mailbox[0]).toMatchObject({
        to: 'Novo.Tecnico@Exemplo.com.br',
        subject: 'Maria Oliveira Santos convidou você para a equipe de Maria Oliveira Santos no Ponte IIoT',
        link: invitation.link,
      });
      // Another account's mailbox does not show it.
      const others = await json<unknown[]>(await call('/demo/mailbox', { token: serra }));
      expect(others).toEqual([]);
    });

    it('refuses a malformed e-mail, a member, one already invited, a missing role; another account\'s e-mail is invited as any', async () => {
      await expectError(await invite('maria@'), 400, 'E-mail inválido. Use o formato nome@empresa.com.br.', 'email');
      await expectError(await invite('carlos.prado@oliveira.exemplo.com.br'), 409, TEAM_MESSAGES.alreadyMember, 'email');
      await expectError(await invite('CLIENTE@example.com'), 409, 'Este e-mail já faz parte da equipe.', 'email');
      freshSeededInvitation();
      await expectError(await invite(DEMO_INVITATION_EMAIL), 409, 'Já existe um convite pendente para este e-mail.', 'email');
      // Another account's e-mail: the same answer as any new invitation (the invitee learns it at acceptance).
      expect((await invite('joao@serra-equipamentos.exemplo.com.br')).status).toBe(201);
      await expectError(
        await call('/team/invitation', { method: 'POST', token: maria, json: { email: 'a@exemplo.com.br', role: 'dono' } }),
        400,
        'Escolha o perfil.',
        'role',
      );
      // An expired invitation does not block a new one.
      expect((await invite('ana.ribeiro@oliveira.exemplo.com.br', 'leitura')).status).toBe(201);
    });

    it('resends (a new deadline, a new e-mail) and revokes; a revoked one is neither resent nor revoked again', async () => {
      const invitation = await json<ApiInvitation>(await invite('revogar@exemplo.com.br'));
      const before = testDb().data.mailbox.length;
      const resent = await call(`/team/invitation/${invitation.id}/resend`, { method: 'POST', token: maria });
      expect(resent.status).toBe(200);
      // A new link; the old one no longer opens the invitation.
      const resentLink = (await json<ApiInvitation>(resent)).link;
      expect(resentLink).toMatch(/^\/invite\/[0-9a-f]{36}$/);
      expect(resentLink).not.toBe(invitation.link);
      expect((await open(invitation.link.replace('/invite/', ''))).status).toBe(404);
      expect(testDb().data.mailbox.length).toBe(before + 1);
      const revoked = await call(`/team/invitation/${invitation.id}/revoke`, { method: 'POST', token: maria });
      expect((await json<ApiInvitation>(revoked)).status).toBe('revogado');
      await expectError(await call(`/team/invitation/${invitation.id}/revoke`, { method: 'POST', token: maria }), 409, TEAM_MESSAGES.invitationNotPending);
      await expectError(await call(`/team/invitation/${invitation.id}/resend`, { method: 'POST', token: maria }), 409, TEAM_MESSAGES.invitationNotPending);
      await expectError(await call(`/team/invitation/${invitation.id}/resend`, { method: 'POST', token: serra }), 404, TEAM_MESSAGES.invitationNotFound);
      // The expired seeded one can be resent: it works again for 7 days.
      const expired = testDb().data.invitations.find((i) => i.token === DEMO_EXPIRED_INVITATION_TOKEN);
      const renewed = await call(`/team/invitation/${expired?.id ?? ''}/resend`, { method: 'POST', token: maria });
      expect((await json<ApiInvitation>(renewed)).status).toBe('pendente');
      // Not when its e-mail has a newer pending invitation: one pending invitation per e-mail, as the Workers say.
      const older = await json<ApiInvitation>(await invite('bia@exemplo.com.br'));
      const stored = testDb().data.invitations.find((i) => i.id === older.id);
      if (stored) stored.expiresAt = 1;
      expect((await invite('bia@exemplo.com.br')).status).toBe(201);
      await expectError(
        await call(`/team/invitation/${older.id}/resend`, { method: 'POST', token: maria }),
        409,
        TEAM_MESSAGES.alreadyInvited,
        'email',
      );
    });
  });

  describe('members', () => {
    it('changes a role; the last Administrador is neither demoted nor removed; who registered stays', async () => {
      const changed = await call('/team/member/demo-tecnico-carlos', { method: 'PATCH', token: maria, json: { role: 'leitura' } });
      expect((await json<ApiMember>(changed)).role).toBe('leitura');
      await expectError(
        await call(`/team/member/${DEMO_CUSTOMER_UID}`, { method: 'PATCH', token: maria, json: { role: 'tecnico' } }),
        409,
        'A conta precisa de pelo menos um Administrador: promova outra pessoa antes.',
        'role',
      );
      await expectError(await call(`/team/member/${DEMO_CUSTOMER_UID}`, { method: 'DELETE', token: maria }), 403, TITULAR_MESSAGES.removal);
      // With a second Administrador, Maria (the Titular) may step down herself; nobody removes or demotes her.
      await call('/team/member/demo-tecnico-carlos', { method: 'PATCH', token: maria, json: { role: 'administrador' } });
      await expectError(await call(`/team/member/${DEMO_CUSTOMER_UID}`, { method: 'DELETE', token: carlos }), 403, TITULAR_MESSAGES.removal);
      await expectError(
        await call(`/team/member/${DEMO_CUSTOMER_UID}`, { method: 'PATCH', token: carlos, json: { role: 'leitura' } }),
        403,
        TITULAR_MESSAGES.demotion,
      );
      const stepped = await call(`/team/member/${DEMO_CUSTOMER_UID}`, { method: 'PATCH', token: maria, json: { role: 'leitura' } });
      expect((await json<ApiMember>(stepped)).role).toBe('leitura');
      await expectError(await call('/team/member/demo-tecnico-carlos', { method: 'DELETE', token: carlos }), 409, TEAM_MESSAGES.lastAdmin);
      await expectError(await call('/team/member/demo-leitura-juliana', { method: 'PATCH', token: maria, json: { role: 'tecnico' } }), 403, 'Seu perfil (Leitura) não permite gerenciar a equipe.');
    });

    it('removes a member: its requests no longer reach the account', async () => {
      expect((await call('/team/member/demo-leitura-juliana', { method: 'DELETE', token: maria })).status).toBe(204);
      const team = await json<ApiTeam>(await call('/team', { token: maria }));
      expect(team.members.map((m) => m.name)).not.toContain('Juliana Nakamura');
      const after = await json<{ meta: { total: number } }>(await call('/customer', { token: juliana }));
      expect(after.meta.total).toBe(0);
      await expectError(await call('/team/member/demo-leitura-juliana', { method: 'DELETE', token: maria }), 404, TEAM_MESSAGES.memberNotFound);
      await expectError(await call('/team/member/demo-tecnico-carlos', { method: 'DELETE', token: serra }), 404, TEAM_MESSAGES.memberNotFound);
    });
  });

  describe('the link', () => {
    it('shows the account, role and status to anyone; unknown tokens are 404', async () => {
      freshSeededInvitation();
      const preview = await open(DEMO_INVITATION_TOKEN);
      expect(preview.status).toBe(200);
      expect(await json<Record<string, unknown>>(preview)).toMatchObject({
        accountName: 'Maria Oliveira Santos',
        email: DEMO_INVITATION_EMAIL,
        role: 'tecnico',
        status: 'pendente',
        invitedBy: 'Maria Oliveira Santos',
      });
      const expired = await json<{ status: string }>(await open(DEMO_EXPIRED_INVITATION_TOKEN));
      expect(expired.status).toBe('expirado');
      await expectError(await open('nao-existe'), 404, 'Convite não encontrado.');
    });

    it('accepted by the invited e-mail: the invitee joins with the role, works on the account; a retry is the same', async () => {
      freshSeededInvitation();
      const accepted = await accept(DEMO_INVITATION_TOKEN, pedro, { name: 'Pedro Alves' });
      expect(accepted.status).toBe(200);
      expect(await json<unknown>(accepted)).toEqual({ accountName: 'Maria Oliveira Santos', role: 'tecnico' });
      const me = await json<{ name: string; role: string }>(await call('/me', { token: pedro }));
      expect(me).toMatchObject({ name: 'Pedro Alves', role: 'tecnico' });
      const machines = await json<{ meta: { total: number } }>(await call('/machine', { token: pedro }));
      expect(machines.meta.total).toBeGreaterThanOrEqual(60);
      expect((await accept(DEMO_INVITATION_TOKEN, pedro)).status).toBe(200);
      const team = await json<ApiTeam>(await call('/team', { token: maria }));
      expect(team.invitations.find((i) => i.email === DEMO_INVITATION_EMAIL)?.status).toBe('aceito');
      // Somebody else with the link later: already used.
      await expectError(await accept(DEMO_INVITATION_TOKEN, stranger), 409, TEAM_MESSAGES.invitationAccepted);
    });

    it('refuses another e-mail, a revoked or expired link, no session, and someone who has a company already', async () => {
      freshSeededInvitation();
      await expectError(
        await accept(DEMO_INVITATION_TOKEN, stranger),
        403,
        `Este convite é para ${DEMO_INVITATION_EMAIL}. Saia e entre com esse e-mail para aceitá-lo.`,
      );
      expect((await accept(DEMO_INVITATION_TOKEN)).status).toBe(401);
      await expectError(await accept(DEMO_EXPIRED_INVITATION_TOKEN, stranger), 410, TEAM_MESSAGES.invitationExpired);
      const forSerra = await json<ApiInvitation>(await invite('novo.socio@exemplo.com.br'));
      await call(`/team/invitation/${forSerra.id}/revoke`, { method: 'POST', token: maria });
      await expectError(
        await accept(forSerra.link.replace('/invite/', ''), stranger),
        410,
        'Este convite foi cancelado por quem o enviou.',
      );
      // João (another builder) invited by his e-mail is refused when he accepts.
      const data = testDb().data;
      data.invitations.push({ ...freshSeededInvitation(), id: 'invitation-9', token: 'para-joao', email: 'joao@serra-equipamentos.exemplo.com.br' });
      await expectError(await accept('para-joao', serra), 409, TEAM_MESSAGES.otherAccount);
    });
  });
});
