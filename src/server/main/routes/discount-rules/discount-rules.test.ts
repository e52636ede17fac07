import { beforeEach, describe, expect, it } from 'vitest';
import { dayEnd, dayStart, isoDayOf } from '@/contracts/validators/days';
import { buildSeed } from '@/seed';
import { DEMO_ADMIN_UID } from '@/seed/utils';
import { call, makeUid, makeIdempotencyKey, type CallOptions } from '../../../testing/api';
import { seedPayments } from '../payment-platforms/fixtures';

type Timestamp = { seconds: number; nanos: number };
type Rule = { id: string; name: string; minQuantity: number; percent: number; active: boolean; validFrom: Timestamp; validUntil: Timestamp | null; version: number };
type Page<T> = { data: T[]; meta: { page: number; perPage: number; total: number } };
type ErrorBody = { error: { code: string; message: string; field?: string } };

const RULES = '/backoffice/discount-rule';
const asStaff = <T = Rule>(method: string, path: string, options: CallOptions = {}) =>
  call<T>(method, path, { as: DEMO_ADMIN_UID, admin: true, ...options });
const create = <T = Rule>(body: object) => asStaff<T>('POST', RULES, { body, headers: { 'Idempotency-Key': makeIdempotencyKey() } });
const ms = (t: Timestamp) => t.seconds * 1000 + Math.floor(t.nanos / 1e6);
const today = () => isoDayOf(Date.now());
const inDays = (n: number) => isoDayOf(Date.now() + n * 86_400_000);

beforeEach(async () => {
  await seedPayments(buildSeed({ now: Date.now() }));
});

describe('/backoffice/discount-rule', () => {
  it('lists by minimum quantity, searches and filters by status', async () => {
    const page = await asStaff<Page<Rule>>('GET', RULES);
    expect(page.body.data.map((rule) => rule.minQuantity)).toEqual([3, 5, 10, 20, 50]);
    expect(page.body.meta).toEqual({ page: 1, perPage: 20, total: 5 });
    const inactive = await asStaff<Page<Rule>>('GET', `${RULES}?status=inactive`);
    expect(inactive.body.data.map((rule) => rule.name)).toEqual(['Promoção de lançamento']);
    const search = await asStaff<Page<Rule>>('GET', `${RULES}?q=black`);
    expect(search.body.data.map((rule) => rule.name)).toEqual(['Black Friday 2026']);
    const byPercent = await asStaff<Page<Rule>>('GET', `${RULES}?sort=-percent`);
    expect(byPercent.body.data[0]?.percent).toBe(15);
  });

  it('refuses 0, 51 and 12,5 (integers only), and an inverted period', async () => {
    for (const percent of [0, 51, 12.5, '12,5']) {
      const answer = await create<ErrorBody>({ name: 'Lote de 40', minQuantity: 40, percent });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ field: 'percent', message: 'Use um número inteiro de 1 a 50.' });
    }
    const inverted = await create<ErrorBody>({ name: 'Lote de 40', minQuantity: 40, percent: 14, validFrom: inDays(10), validUntil: inDays(5) });
    expect(inverted.body.error).toMatchObject({ field: 'validUntil', message: 'A data final deve ser depois da inicial.' });
    // "Válida de" blank is today: an end already past is inverted too.
    const past = await create<ErrorBody>({ name: 'Lote de 40', minQuantity: 40, percent: 14, validFrom: '', validUntil: inDays(-3) });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatchObject({ field: 'validUntil', message: 'A data final deve ser depois da inicial.' });
  });

  it('refuses a rule that contradicts an active one of the same period, with the reason', async () => {
    const same = await create<ErrorBody>({ name: 'Outra de 20', minQuantity: 20, percent: 13 });
    expect(same.status).toBe(409);
    expect(same.body.error).toEqual({
      code: 'rule-conflict',
      field: 'minQuantity',
      message: 'Já existe uma regra ativa com quantidade mínima 20 no mesmo período: Lote de 20 gateways.',
    });
    const lower = await create<ErrorBody>({ name: 'Lote de 30', minQuantity: 30, percent: 10 });
    expect(lower.body.error).toMatchObject({
      code: 'rule-conflict',
      field: 'percent',
      message: 'Conflita com a regra "Lote de 20 gateways": uma quantidade maior precisa de um desconto maior.',
    });
    // Inactive, it is stored; activating it is refused with the same reason.
    const stored = await create({ name: 'Lote de 30', minQuantity: 30, percent: 10, active: false });
    expect(stored.status).toBe(201);
    const activate = await asStaff<ErrorBody>('POST', `${RULES}/${stored.body.id}/activate`);
    expect(activate.status).toBe(409);
    expect(activate.body.error.message).toContain('Conflita com a regra "Lote de 20 gateways"');
    // The same minimum as "Black Friday 2026" (50), after its last day: no overlap, no conflict.
    const later = await create({ name: 'Natal', minQuantity: 50, percent: 16, validFrom: inDays(20), validUntil: inDays(30) });
    expect(later.status).toBe(201);
  });

  it('two rules of one minimum at once: one is stored, the other refused with the reason (also when activated)', async () => {
    const answers = await Promise.all([
      create({ name: 'Lote de 30 A', minQuantity: 30, percent: 14 }),
      create({ name: 'Lote de 30 B', minQuantity: 30, percent: 13 }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const won = answers.find((answer) => answer.status === 201)?.body as Rule;
    const lost = answers.find((answer) => answer.status === 409)?.body as unknown as ErrorBody;
    expect(lost.error).toEqual({
      code: 'rule-conflict',
      field: 'minQuantity',
      message: `Já existe uma regra ativa com quantidade mínima 30 no mesmo período: ${won.name}.`,
    });
    const thirty = async () =>
      (await asStaff<Page<Rule>>('GET', `${RULES}?perPage=100`)).body.data.filter((rule) => rule.minQuantity === 30 && rule.active);
    expect((await thirty()).map((rule) => rule.id)).toEqual([won.id]);

    // Two inactive rules of one minimum, activated at once: only one becomes active.
    expect((await asStaff('DELETE', `${RULES}/${won.id}`)).status).toBe(204);
    const off = await Promise.all([
      create({ name: 'Lote de 40 A', minQuantity: 40, percent: 14, active: false }),
      create({ name: 'Lote de 40 B', minQuantity: 40, percent: 14, active: false }),
    ]);
    expect(off.map((answer) => answer.status)).toEqual([201, 201]);
    const activated = await Promise.all(off.map((answer) => asStaff<Rule & ErrorBody>('POST', `${RULES}/${answer.body.id}/activate`)));
    expect(activated.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(activated.find((answer) => answer.status === 409)?.body.error).toMatchObject({ code: 'rule-conflict', field: 'minQuantity' });
    const active = (await asStaff<Page<Rule>>('GET', `${RULES}?status=active&perPage=100`)).body.data.filter((rule) => rule.minQuantity === 40);
    expect(active).toHaveLength(1);
  });

  it('creates a valid rule for whole Brasília days, and the checkout gets it at once', async () => {
    const answer = await create({ name: 'Lote de 30 gateways', minQuantity: 30, percent: 14, validFrom: today(), validUntil: inDays(30), active: true });
    expect(answer.status).toBe(201);
    expect(answer.body.id).toBe('discount-rule-1006');
    expect(ms(answer.body.validFrom)).toBe(dayStart(today()));
    expect(answer.body.validUntil && ms(answer.body.validUntil)).toBe(dayEnd(inDays(30)));

    const builder = makeUid();
    expect((await call('GET', '/discount-rule')).status).toBe(401);
    const tiers = await call<Page<{ id: string; minQuantity: number; percent: number }>>('GET', '/discount-rule', { as: builder });
    expect(tiers.body.data.map((tier) => [tier.minQuantity, tier.percent])).toEqual([
      [5, 5],
      [10, 8],
      [20, 12],
      [30, 14],
      [50, 15],
    ]);
    expect(Object.keys(tiers.body.data[0] ?? {}).sort()).toEqual(['id', 'minQuantity', 'name', 'percent', 'validUntil']);
    expect(tiers.body.meta).toEqual({ page: 1, perPage: 5, total: 5 });

    // Deactivated: gone from the checkout at once.
    await asStaff('POST', `${RULES}/${answer.body.id}/deactivate`);
    const after = await call<Page<{ id: string }>>('GET', '/discount-rule', { as: builder });
    expect(after.body.data.map((tier) => tier.id)).not.toContain(answer.body.id);
  });

  it('update: versions guard it; the rule is not its own conflict', async () => {
    const path = `${RULES}/discount-rule-1002`;
    const current = await asStaff('GET', path);
    const body = { name: 'Lote de 20 gateways', minQuantity: 20, percent: 13, validFrom: isoDayOf(ms(current.body.validFrom)), validUntil: '' };
    expect((await asStaff('PUT', path, { body })).status).toBe(428);
    const saved = await asStaff('PUT', path, { body, headers: { 'If-Match': String(current.body.version) } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ percent: 13, version: current.body.version + 1 });
    expect((await asStaff('PUT', path, { body, headers: { 'If-Match': String(current.body.version) } })).status).toBe(409);
  });

  it('deletes a rule; an unknown one is 404 with its message', async () => {
    expect((await asStaff('DELETE', `${RULES}/discount-rule-1005`)).status).toBe(204);
    const gone = await asStaff<ErrorBody>('GET', `${RULES}/discount-rule-1005`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('Regra de desconto não encontrada.');
  });
});
