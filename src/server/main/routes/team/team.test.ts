import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { roleForbiddenMessage, TEAM_MESSAGES } from '@/contracts/team';
import { TITULAR_CODE, TITULAR_MESSAGES } from '@/contracts/titular';
import { arrangeMember, call } from '../../../testing/api';
import { expectError, callInvite, makePerson, callRegister } from './team-fixtures';

type Member = { uid: string; name: string; role: string; owner: boolean };
type Team = { members: Member[]; invitations: Array<{ id: string; email: string; status: string; link: string }> };

async function teamWithMembers() {
  const maria = makePerson('maria', 'Maria');
  await callRegister(maria, 'Maria Oliveira Santos');
  const carlos = makePerson('carlos');
  const juliana = makePerson('juliana');
  await arrangeMember(maria.uid, carlos.uid, 'tecnico');
  await arrangeMember(maria.uid, juliana.uid, 'leitura');
  return { maria, carlos, juliana };
}

describe('/team', () => {
  it('the Administrador sees the team (who registered first) and the links; Leitura the team without links; Técnico is refused', async () => {
    const { maria, carlos, juliana } = await teamWithMembers();
    const team = await call<Team>('GET', '/team', { as: maria.token });
    expect(team.status).toBe(200);
    expect(team.body.members.map((m) => [m.name, m.role, m.owner])).toEqual([
      ['Maria Oliveira Santos', 'administrador', true],
      [carlos.uid, 'tecnico', false],
      [juliana.uid, 'leitura', false],
    ]);
    expectError(await call('GET', '/team', { as: carlos.token }), 403, roleForbiddenMessage('tecnico', 'team'));
    await callInvite(maria, 'pedro@exemplo.com.br');
    const withLink = await call<Team>('GET', '/team', { as: maria.token });
    // No link in the list: only the token's SHA-256 is kept (the link is in the invitation's own answer).
    expect(withLink.body.invitations.map((i) => i.link)).toEqual(['']);
    const read = await call<Team>('GET', '/team', { as: juliana.token });
    expect(read.status).toBe(200);
    expect(read.body.members).toHaveLength(3);
    expect(read.body.invitations.map((i) => [i.email, i.link])).toEqual([['pedro@exemplo.com.br', '']]);
    expectError(await callInvite(carlos, 'x@exemplo.com.br'), 403, 'Seu perfil (Técnico) não permite gerenciar a equipe.');
    expectError(await callInvite(juliana, 'x@exemplo.com.br'), 403, 'Seu perfil (Leitura) não permite gerenciar a equipe.');
    // Another builder sees only its own.
    const joao = makePerson('joao');
    await callRegister(joao, 'João Pereira Costa');
    const other = await call<Team>('GET', '/team', { as: joao.token });
    expect(other.body.members.map((m) => m.name)).toEqual(['João Pereira Costa']);
    expect(other.body.invitations).toEqual([]);
  });

  it('changes a role; the last Administrador is neither demoted nor removed; who registered stays', async () => {
    const { maria, carlos, juliana } = await teamWithMembers();
    const changed = await call<Member>('PATCH', `/team/member/${carlos.uid}`, { as: maria.token, body: { role: 'leitura' } });
    expect(changed.body.role).toBe('leitura');
    expectError(
      await call('PATCH', `/team/member/${maria.uid}`, { as: maria.token, body: { role: 'tecnico' } }),
      409,
      'A conta precisa de pelo menos um Administrador: promova outra pessoa antes.',
      'role',
    );
    expectError(await call('DELETE', `/team/member/${maria.uid}`, { as: maria.token }), 403, TITULAR_MESSAGES.removal);
    await call('PATCH', `/team/member/${carlos.uid}`, { as: maria.token, body: { role: 'administrador' } });
    expectError(await call('DELETE', `/team/member/${maria.uid}`, { as: carlos.token }), 403, TITULAR_MESSAGES.removal);
    // The Titular may step down themselves (another Administrador remains).
    const stepped = await call<Member>('PATCH', `/team/member/${maria.uid}`, { as: maria.token, body: { role: 'leitura' } });
    expect(stepped.body.role).toBe('leitura');
    expectError(await call('DELETE', `/team/member/${carlos.uid}`, { as: carlos.token }), 409, TEAM_MESSAGES.lastAdmin);
    expectError(
      await call('PATCH', `/team/member/${juliana.uid}`, { as: maria.token, body: { role: 'tecnico' } }),
      403,
      'Seu perfil (Leitura) não permite gerenciar a equipe.',
    );
    expectError(await call('PATCH', `/team/member/${carlos.uid}`, { as: carlos.token, body: { role: 'dono' } }), 400, 'Escolha o perfil.', 'role');
    // A stale If-Match is a conflict.
    const stale = await call('PATCH', `/team/member/${juliana.uid}`, { as: carlos.token, body: { role: 'tecnico' }, headers: { 'If-Match': '99' } });
    expect(stale.status).toBe(409);
  });

  it('removes a member: its requests no longer reach the account; another account\'s member is 404', async () => {
    const { maria, carlos, juliana } = await teamWithMembers();
    expect((await call('DELETE', `/team/member/${juliana.uid}`, { as: maria.token })).status).toBe(204);
    const team = await call<Team>('GET', '/team', { as: maria.token });
    expect(team.body.members.map((m) => m.uid)).not.toContain(juliana.uid);
    expect((await call('GET', '/me', { as: juliana.token })).status).toBe(404);
    expectError(await call('DELETE', `/team/member/${juliana.uid}`, { as: maria.token }), 404, TEAM_MESSAGES.memberNotFound);
    const joao = makePerson('joao');
    await callRegister(joao);
    expectError(await call('DELETE', `/team/member/${carlos.uid}`, { as: joao.token }), 404, TEAM_MESSAGES.memberNotFound);
    expectError(await call('PATCH', `/team/member/${carlos.uid}`, { as: joao.token, body: { role: 'leitura' } }), 404, TEAM_MESSAGES.memberNotFound);
    // An Administrador removes another Administrador, never itself.
    await call('PATCH', `/team/member/${carlos.uid}`, { as: maria.token, body: { role: 'administrador' } });
    expectError(await call('DELETE', `/team/member/${carlos.uid}`, { as: carlos.token }), 409, TEAM_MESSAGES.selfRemoval);
    expect((await call('DELETE', `/team/member/${carlos.uid}`, { as: maria.token })).status).toBe(204);
    const left = await env.DB.prepare('SELECT count(*) AS n FROM team_member WHERE account_uid = ?').bind(maria.uid).first<{ n: number }>();
    expect(left?.n).toBe(1);
  });

  it('a second Administrador demoting the Titular: 403 with the reason, the role unchanged; removing them too; promoting back is fine', async () => {
    const { maria, carlos } = await teamWithMembers();
    await call('PATCH', `/team/member/${carlos.uid}`, { as: maria.token, body: { role: 'administrador' } });
    for (const role of ['tecnico', 'leitura']) {
      const refused = await call('PATCH', `/team/member/${maria.uid}`, { as: carlos.token, body: { role } });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: { code: TITULAR_CODE, message: TITULAR_MESSAGES.demotion } });
    }
    const removal = await call('DELETE', `/team/member/${maria.uid}`, { as: carlos.token });
    expect(removal.body).toEqual({ error: { code: TITULAR_CODE, message: TITULAR_MESSAGES.removal } });
    const team = await call<Team>('GET', '/team', { as: carlos.token });
    expect(team.body.members.find((m) => m.uid === maria.uid)).toMatchObject({ role: 'administrador', owner: true });
    // Setting the Titular's role to what it is, or promoting them back after they stepped down, changes nothing to refuse.
    expect((await call('PATCH', `/team/member/${maria.uid}`, { as: carlos.token, body: { role: 'administrador' } })).status).toBe(200);
    await call('PATCH', `/team/member/${maria.uid}`, { as: maria.token, body: { role: 'tecnico' } });
    const back = await call<Member>('PATCH', `/team/member/${maria.uid}`, { as: carlos.token, body: { role: 'administrador' } });
    expect(back.body.role).toBe('administrador');
  });
});
