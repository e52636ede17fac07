import { describe, expect, it } from 'vitest';
import { SETUP_CODE_MESSAGES } from '@/contracts/device';
import { call, freshUid } from '../../../testing/api';
import { insertDevice } from './fixtures';

type Device = { id: string; setupCode: string; status: string; version: number; ownerUid?: string };
type Page = { data: Device[]; meta: { total: number } };
type Lookup = { device: Device; ownedByYou: boolean };

const claim = (as: string, code: string) => call<Device>('POST', '/device/claim', { as, body: { code } });

describe('setup codes: look-up and claim', () => {
  it('looks up an unclaimed gateway, claims it once, and answers the same device when claimed again', async () => {
    const owner = freshUid();
    const gateway = await insertDevice(null, { status: 'never-connected', lastSeenAt: null });
    const lookup = await call<Lookup>('GET', `/device/setup/${gateway.setupCode.toLowerCase()}`, { as: owner });
    expect(lookup.status).toBe(200);
    expect(lookup.body.ownedByYou).toBe(false);
    expect(lookup.body.device).toMatchObject({ id: gateway.id, setupCode: gateway.setupCode, status: 'never-connected' });
    expect(lookup.body.device).not.toHaveProperty('ownerUid');

    const first = await claim(owner, ` ${gateway.setupCode.toLowerCase()} `);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: gateway.id, version: 2 });
    expect(first.body).not.toHaveProperty('ownerUid');

    const again = await claim(owner, gateway.setupCode);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const mine = await call<Lookup>('GET', `/device/setup/${gateway.setupCode}`, { as: owner });
    expect(mine.body.ownedByYou).toBe(true);
    const list = await call<Page>('GET', `/device?q=${gateway.setupCode}`, { as: owner });
    expect(list.body.data.map((d) => d.id)).toEqual([gateway.id]);
  });

  it('refuses a malformed code (400), an unknown one (404) and another account’s gateway (409), on the field', async () => {
    const owner = freshUid();
    for (const code of ['PNT-0000-000', 'PNT-IIII-0000', 'ABC-1234-5678', 'PNT-7K2M-4Q9XX']) {
      const answer = await claim(owner, code);
      expect(answer.status, code).toBe(400);
      expect(answer.body).toEqual({ error: { code: 'validation', message: SETUP_CODE_MESSAGES.invalid, field: 'code' } });
      const lookup = await call('GET', `/device/setup/${code}`, { as: owner });
      expect(lookup.status).toBe(400);
      expect(lookup.body).toEqual({ error: { code: 'validation', message: SETUP_CODE_MESSAGES.invalid, field: 'code' } });
    }
    const empty = await claim(owner, '  ');
    expect(empty.body).toMatchObject({ error: { message: SETUP_CODE_MESSAGES.empty, field: 'code' } });

    const unknown = await claim(owner, 'PNT-ZZZZ-ZZZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'setup-code-not-found', message: SETUP_CODE_MESSAGES.notFound, field: 'code' } });

    const other = await insertDevice(freshUid());
    const taken = await claim(owner, other.setupCode);
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      error: { code: 'claimed-by-other-account', message: SETUP_CODE_MESSAGES.otherAccount, field: 'code' },
    });
    const lookup = await call('GET', `/device/setup/${other.setupCode}`, { as: owner });
    expect(lookup.status).toBe(409);
    expect(JSON.stringify(lookup.body)).not.toContain(other.serialNumber);

    // Claimed by one account, the code is another account's for the next.
    const spare = await insertDevice(null);
    expect((await claim(owner, spare.setupCode)).status).toBe(200);
    expect((await claim(freshUid(), spare.setupCode)).status).toBe(409);
  });

  it('gives a gateway claimed by two accounts at once to one of them', async () => {
    const gateway = await insertDevice(null);
    const [a, b] = [freshUid(), freshUid()];
    const answers = await Promise.all([claim(a, gateway.setupCode), claim(b, gateway.setupCode)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });
});
