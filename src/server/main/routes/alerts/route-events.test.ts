/**
 * The alerts the portal's flows raise, through the real routes: after the change's answer (waitUntil), so the test
 * waits for the rows it reads.
 */
import { describe, expect, it, vi } from 'vitest';
import { arrangeMember, makeUid } from '../../../testing/api';
import { arrangeAccount, arrangeRule, storedMails, storedNotifications } from '../../alerts/fixtures';
import { insertMachine, makePublicKey } from '../remote-access/fixtures';
import { arrangePolicy, callAsk, callPost, type Profile } from '../remote-access/test-world';

describe('remote access raises its alerts', () => {
  it('"Aprovação pendente" when a Técnico\'s request waits; "Acesso remoto iniciado" when the window starts', async () => {
    const owner = makeUid();
    const tecnico = `${owner}-tecnico`;
    await arrangeAccount(owner, 'titular@montadora.com.br');
    await arrangeMember(owner, tecnico, 'tecnico');
    await arrangeRule(owner, 'approval-pending');
    await arrangeRule(owner, 'remote-access-started', { channels: ['portal'] });
    await arrangePolicy(owner, true);
    const { machine } = await insertMachine(owner);

    const asked = await callAsk(tecnico, machine.id, { reason: 'Ajuste de receita no CLP', durationHours: 1 });
    expect(asked.status).toBe(201);
    const session = asked.body.session;
    await vi.waitFor(async () => expect(await storedNotifications(owner)).toHaveLength(1));
    expect(await storedNotifications(owner)).toEqual([
      {
        member_uid: owner,
        event: 'approval-pending',
        title: `Aprovação pendente: ${machine.name}`,
        message: `${session.requesterName} pediu acesso remoto à máquina "${machine.name}": aguarda a aprovação de um Administrador.`,
        subject_kind: 'remote-access',
        subject_id: session.id,
      },
    ]);
    expect((await storedMails(owner)).map((mail) => [mail.to_address, mail.subject])).toEqual([
      ['titular@montadora.com.br', `Ponte IIoT — Aprovação pendente: ${machine.name}`],
    ]);

    expect((await callPost(owner, `/remote-access/session/${session.id}/approve`)).status).toBe(200);
    const profile = await callPost<Profile>(tecnico, `/remote-access/session/${session.id}/profile`, { publicKey: makePublicKey() });
    expect(profile.status).toBe(200);
    await vi.waitFor(async () => expect(await storedNotifications(owner)).toHaveLength(2));
    expect((await storedNotifications(owner))[1]).toEqual({
      member_uid: owner,
      event: 'remote-access-started',
      title: `Acesso remoto iniciado: ${machine.name}`,
      message: `${session.requesterName} iniciou um acesso remoto à máquina "${machine.name}" por 1 hora.`,
      subject_kind: 'remote-access',
      subject_id: session.id,
    });
    // Generating the profile again does not start the window again: no second alert.
    expect((await callPost<Profile>(tecnico, `/remote-access/session/${session.id}/profile`, { publicKey: makePublicKey() })).status).toBe(200);
    expect(await storedNotifications(owner)).toHaveLength(2);
  });
});
