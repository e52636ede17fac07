import { describe, expect, it } from 'vitest';
import { discountRuleConflict, ruleInForce } from '@/contracts/discount-rule';
import { dayEnd, dayStart, isoDayOf } from '@/contracts/validators/days';
import { testDb } from '@/testing/msw-server';
import { DEMO_ADMIN_UID, DEMO_CUSTOMER_UID } from '@/seed';
import { makeTestToken } from '../token';
import { type ApiPage, call, json } from '@/testing/demo-api';

const admin = makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', admin: true });
const customer = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });

interface Timestamp {
  seconds: number;
  nanos: number;
}
interface ApiRule {
  id: string;
  name: string;
  minQuantity: number;
  percent: number;
  active: boolean;
  validFrom: Timestamp;
  validUntil: Timestamp | null;
  version: number;
}
interface ApiError {
  error: { code: string; message: string; field?: string };
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(path, { method: 'POST', token: admin, headers, body: JSON.stringify(body) });

const ms = (t: Timestamp) => t.seconds * 1000 + Math.floor(t.nanos / 1e6);
const today = () => isoDayOf(Date.now());
const inDays = (n: number) => isoDayOf(Date.now() + n * 86_400_000);

const RULES = '/backoffice/discount-rule';

describe('/backoffice/discount-rule', () => {
  it('the seed is a ladder the conflict check accepts', () => {
    const rules = testDb().data.discountRules;
    for (const rule of rules) expect(discountRuleConflict(rule, rules), rule.name).toBeNull();
    expect(rules.filter((rule) => ruleInForce(rule, Date.now())).map((rule) => [rule.minQuantity, rule.percent])).toEqual(
      expect.arrayContaining([
        [5, 5],
        [10, 8],
        [20, 12],
      ]),
    );
  });

  it('lists by minimum quantity, searches and filters by status', async () => {
    const page = await json<ApiPage<ApiRule>>(await call(RULES, { token: admin }));
    const minimums = page.data.map((rule) => rule.minQuantity);
    expect(minimums).toEqual([...minimums].sort((a, b) => a - b));
    const inactive = await json<ApiPage<ApiRule>>(await call(`${RULES}?status=inactive`, { token: admin }));
    expect(inactive.data.every((rule) => !rule.active)).toBe(true);
    const search = await json<ApiPage<ApiRule>>(await call(`${RULES}?q=black`, { token: admin }));
    expect(search.data.map((rule) => rule.name)).toEqual(['Black Friday 2026']);
  });

  it('refuses 0, 51 and 12,5 (integers only), and an inverted period', async () => {
    for (const percent of [0, 51, 12.5, '12,5']) {
      const response = await post(RULES, { name: 'Lote de 40', minQuantity: 40, percent });
      expect(response.status).toBe(400);
      expect((await json<ApiError>(response)).error).toMatchObject({ field: 'percent', message: 'Use um número inteiro de 1 a 50.' });
    }
    const inverted = await post(RULES, { name: 'Lote de 40', minQuantity: 40, percent: 14, validFrom: inDays(10), validUntil: inDays(5) });
    expect((await json<ApiError>(inverted)).error).toMatchObject({ field: 'validUntil', message: 'A data final deve ser depois da inicial.' });
    // "Válida de" blank is today: an end already past is inverted too.
    const past = await post(RULES, { name: 'Lote de 40', minQuantity: 40, percent: 14, validFrom: '', validUntil: inDays(-3) });
    expect((await json<ApiError>(past)).error).toMatchObject({ field: 'validUntil', message: 'A data final deve ser depois da inicial.' });
  });

  it('refuses a rule that contradicts an active one of the same period, with the reason', async () => {
    const same = await post(RULES, { name: 'Outra de 20', minQuantity: 20, percent: 13 });
    expect(same.status).toBe(409);
    expect((await json<ApiError>(same)).error).toMatchObject({
      code: 'rule-conflict',
      field: 'minQuantity',
      message: 'Já existe uma regra ativa com quantidade mínima 20 no mesmo período: Lote de 20 gateways.',
    });
    const lower = await post(RULES, { name: 'Lote de 30', minQuantity: 30, percent: 10 });
    expect((await json<ApiError>(lower)).error).toMatchObject({
      field: 'percent',
      message: 'Conflita com a regra "Lote de 20 gateways": uma quantidade maior precisa de um desconto maior.',
    });
    // Inactive, it is stored; activating it is refused with the same reason.
    const stored = await post(RULES, { name: 'Lote de 30', minQuantity: 30, percent: 10, active: false });
    expect(stored.status).toBe(201);
    const rule = await json<ApiRule>(stored);
    const activate = await post(`${RULES}/${rule.id}/activate`, {});
    expect(activate.status).toBe(409);
    expect((await json<ApiError>(activate)).error.message).toContain('Conflita com a regra "Lote de 20 gateways"');
    // The same minimum as "Black Friday 2026" (50), after its last day: no overlap, no conflict.
    const later = await post(RULES, { name: 'Natal', minQuantity: 50, percent: 16, validFrom: inDays(20), validUntil: inDays(30) });
    expect(later.status).toBe(201);
  });

  it('creates a valid rule for whole Brasília days, and the checkout gets it at once', async () => {
    const response = await post(
      RULES,
      { name: 'Lote de 30 gateways', minQuantity: 30, percent: 14, validFrom: today(), validUntil: inDays(30), active: true },
      { 'Idempotency-Key': 'k-rule-1' },
    );
    expect(response.status).toBe(201);
    const rule = await json<ApiRule>(response);
    expect(ms(rule.validFrom)).toBe(dayStart(today()));
    expect(rule.validUntil && ms(rule.validUntil)).toBe(dayEnd(inDays(30)));

    const tiers = await json<ApiPage<{ id: string; minQuantity: number; percent: number }>>(await call('/discount-rule', { token: customer }));
    expect(tiers.data.map((tier) => [tier.minQuantity, tier.percent])).toEqual([
      [5, 5],
      [10, 8],
      [20, 12],
      [30, 14],
      [50, 15],
    ]);
    expect(Object.keys(tiers.data[0] ?? {}).sort()).toEqual(['id', 'minQuantity', 'name', 'percent', 'validUntil']);

    // Deactivated: gone from the checkout at once.
    await post(`${RULES}/${rule.id}/deactivate`, {});
    const after = await json<ApiPage<{ id: string }>>(await call('/discount-rule', { token: customer }));
    expect(after.data.map((tier) => tier.id)).not.toContain(rule.id);
  });

  it('update: versions guard it; the rule is not its own conflict', async () => {
    const path = `${RULES}/discount-rule-1002`;
    const current = await json<ApiRule>(await call(path, { token: admin }));
    const body = { name: 'Lote de 20 gateways', minQuantity: 20, percent: 13, validFrom: isoDayOf(ms(current.validFrom)), validUntil: '' };
    expect((await call(path, { method: 'PUT', token: admin, body: JSON.stringify(body) })).status).toBe(428);
    const saved = await call(path, { method: 'PUT', token: admin, headers: { 'If-Match': String(current.version) }, body: JSON.stringify(body) });
    expect(saved.status).toBe(200);
    expect(await json<ApiRule>(saved)).toMatchObject({ percent: 13, version: current.version + 1 });
    const stale = await call(path, { method: 'PUT', token: admin, headers: { 'If-Match': String(current.version) }, body: JSON.stringify(body) });
    expect(stale.status).toBe(409);
  });

  it('deletes a rule; an unknown one is 404 with its message', async () => {
    expect((await call(`${RULES}/discount-rule-1005`, { method: 'DELETE', token: admin })).status).toBe(204);
    const gone = await call(`${RULES}/discount-rule-1005`, { token: admin });
    expect(gone.status).toBe(404);
    expect((await json<ApiError>(gone)).error.message).toBe('Regra de desconto não encontrada.');
  });
});
