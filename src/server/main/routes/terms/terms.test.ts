import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { TERMS_MESSAGES, TERMS_VERSION } from '@/contracts/terms';
import { arrangeMember, call, makeUid } from '../../../testing/api';
import { callRegister, expectError, makePerson } from '../team/team-fixtures';

const storedAcceptances = (owner: string) =>
  env.DB.prepare('SELECT terms_version, accepted_by_uid FROM terms_acceptance WHERE owner_uid = ? ORDER BY accepted_at, terms_version')
    .bind(owner)
    .all()
    .then((result) => result.results);

/** An account as it was before the terms were versioned (or after a new version): its latest acceptance is older. */
const arrangeOlderAcceptance = (owner: string, by: string) =>
  env.DB.prepare("UPDATE terms_acceptance SET terms_version = '2026-01-15', accepted_at = accepted_at - 86400000 WHERE owner_uid = ? AND accepted_by_uid = ?")
    .bind(owner, by)
    .run();

describe('/account/terms', () => {
  it('the registration records the Termos de Uso in force, accepted by the registrant', async () => {
    const who = makePerson('termos', 'Maria Registrante');
    await callRegister(who, 'Montadora dos Termos Ltda');
    expect(await storedAcceptances(who.uid)).toEqual([{ terms_version: TERMS_VERSION, accepted_by_uid: who.uid }]);

    const status = await call('GET', '/account/terms', { as: who.token });
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      version: TERMS_VERSION,
      acceptedVersion: TERMS_VERSION,
      acceptedAt: { seconds: expect.any(Number), nanos: expect.any(Number) },
      acceptedBy: 'Montadora dos Termos Ltda',
      mustAccept: false,
    });
  });

  it('a new version is asked of the account; an Administrador accepts it (once), every role reads it', async () => {
    const owner = makePerson('termos-novos');
    await callRegister(owner);
    await arrangeOlderAcceptance(owner.uid, owner.uid);
    const reader = makeUid('leitura');
    await arrangeMember(owner.uid, reader, 'leitura');

    for (const as of [owner.token, reader]) {
      const before = await call('GET', '/account/terms', { as });
      expect(before.body).toMatchObject({ version: TERMS_VERSION, acceptedVersion: '2026-01-15', mustAccept: true });
    }

    // Leitura reads, never accepts for the company.
    expect((await call('POST', '/account/terms', { as: reader, body: { version: TERMS_VERSION } })).status).toBe(403);
    // The page the person read was older than the version in force.
    expectError(await call('POST', '/account/terms', { as: owner.token, body: { version: '2026-01-15' } }), 400, TERMS_MESSAGES.outdated, 'version');
    expect((await call('POST', '/account/terms', { as: owner.token, body: {} })).status).toBe(400);

    const admin = makeUid('admin');
    await arrangeMember(owner.uid, admin, 'administrador');
    const accepted = await call('POST', '/account/terms', { as: admin, body: { version: TERMS_VERSION } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({
      version: TERMS_VERSION,
      acceptedVersion: TERMS_VERSION,
      acceptedAt: { seconds: expect.any(Number), nanos: expect.any(Number) },
      // arrangeMember names a member by its uid.
      acceptedBy: admin,
      mustAccept: false,
    });
    // Accepting again changes nothing: the first acceptance stands, the older one stays in the history.
    expect((await call('POST', '/account/terms', { as: owner.token, body: { version: TERMS_VERSION } })).body).toEqual(accepted.body);
    expect(await storedAcceptances(owner.uid)).toEqual([
      { terms_version: '2026-01-15', accepted_by_uid: owner.uid },
      { terms_version: TERMS_VERSION, accepted_by_uid: admin },
    ]);
    expect((await call('GET', '/account/terms', { as: reader })).body).toMatchObject({ acceptedVersion: TERMS_VERSION, mustAccept: false });
  });

  it('an account with no acceptance recorded must accept; without a session, 401', async () => {
    const owner = makeUid('sem-aceite');
    expect((await call('GET', '/account/terms', { as: owner })).body).toEqual({
      version: TERMS_VERSION,
      acceptedVersion: null,
      acceptedAt: null,
      acceptedBy: null,
      mustAccept: true,
    });
    expect((await call('GET', '/account/terms')).status).toBe(401);
    expect((await call('POST', '/account/terms', { body: { version: TERMS_VERSION } })).status).toBe(401);
  });
});
