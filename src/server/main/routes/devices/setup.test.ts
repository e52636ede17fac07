import { describe, expect, it } from 'vitest';
import { newSetupCode, SETUP_CODE_ALPHABET, SETUP_CODE_BITS, SETUP_CODE_MESSAGES } from '@/contracts/device';
import { call, makeUid } from '../../../testing/api';
import { insertDevice } from './fixtures';

type Device = { id: string; setupCode: string; status: string; version: number; ownerUid?: string };
type Page = { data: Device[]; meta: { total: number } };
type Lookup = { device: Device; ownedByYou: boolean };

const claim = (as: string, code: string) => call<Device>('POST', '/device/claim', { as, body: { code } });

describe('setup codes: look-up and claim', () => {
  it('looks up an unclaimed gateway, claims it once, and answers the same device when claimed again', async () => {
    const owner = makeUid();
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

  it('refuses a malformed code (400) on the field', async () => {
    const owner = makeUid();
    for (const code of ['PNT-0000-0000-000', 'PNT-IIII-0000-0000', 'ABC-1234-5678-9ABC', 'PNT-7K2M-4Q9X-4Q9XX', 'PNT-7K2M-4Q9X']) {
      const answer = await claim(owner, code);
      expect(answer.status, code).toBe(400);
      expect(answer.body).toEqual({ error: { code: 'validation', message: SETUP_CODE_MESSAGES.invalid, field: 'code' } });
      const lookup = await call('GET', `/device/setup/${code}`, { as: owner });
      expect(lookup.status).toBe(400);
      expect(lookup.body).toEqual({ error: { code: 'validation', message: SETUP_CODE_MESSAGES.invalid, field: 'code' } });
    }
    const empty = await claim(owner, '  ');
    expect(empty.body).toMatchObject({ error: { message: SETUP_CODE_MESSAGES.empty, field: 'code' } });
  });

  it('answers a code that is unknown, already used or another account’s the same way, look-up and claim alike (issue 35)', async () => {
    const owner = makeUid();
    const other = await insertDevice(makeUid());
    const used = await insertDevice(null);
    expect((await claim(makeUid(), used.setupCode)).status).toBe(200);
    const same = { error: { code: 'setup-code-not-found', message: SETUP_CODE_MESSAGES.notFound, field: 'code' } };
    for (const code of ['PNT-ZZZZ-ZZZZ-ZZZZ', other.setupCode, used.setupCode]) {
      const lookup = await call('GET', `/device/setup/${code}`, { as: owner });
      expect(lookup.status, code).toBe(404);
      expect(lookup.body).toEqual(same);
      const claimed = await claim(owner, code);
      expect(claimed.status, code).toBe(404);
      expect(claimed.body).toEqual(same);
    }
    expect(SETUP_CODE_MESSAGES.notFound).toBe('Código não encontrado ou já vinculado a outra conta.');
  });

  it('draws setup codes of at least 60 bits, in readable groups of Crockford base32', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => newSetupCode()));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(code).toMatch(/^PNT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    // 12 characters of a 32-letter alphabet, each drawn without bias: 60 bits.
    expect(SETUP_CODE_ALPHABET).toHaveLength(32);
    expect(SETUP_CODE_BITS).toBeGreaterThanOrEqual(60);
  });

  it('gives a gateway claimed by two accounts at once to one of them', async () => {
    const gateway = await insertDevice(null);
    const [a, b] = [makeUid(), makeUid()];
    const answers = await Promise.all([claim(a, gateway.setupCode), claim(b, gateway.setupCode)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
  });
});
