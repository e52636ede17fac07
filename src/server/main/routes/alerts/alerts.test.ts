import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ALERT_EVENTS, ALERT_MESSAGES, defaultAlertRule, type AlertRule } from '@/contracts/alerts';
import { roleForbiddenMessage } from '@/contracts/team-roles';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { arrangeMember, call, makeUid } from '../../../testing/api';
import { UNKNOWN_ALERT_EVENT } from './schemas';

const RULE = {
  enabled: true,
  roles: ['administrador', 'tecnico'],
  extraEmails: [' Plantao@Fabrica.com.br '],
  channels: ['portal', 'email'],
  afterMinutes: 10,
  quietMinutes: 60,
};

describe('/alert-rule', () => {
  it('answers every event, the defaults (version null) until saved; every role reads', async () => {
    const owner = makeUid();
    const leitura = `${owner}-leitura`;
    await arrangeMember(owner, leitura, 'leitura');
    for (const as of [owner, leitura]) {
      const answer = await call<AlertRule[]>('GET', '/alert-rule', { as });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(ALERT_EVENTS.map((event) => defaultAlertRule(event)));
    }
  });

  it('the Administrador saves a rule (If-Match once saved: 428 without, 409 when stale); the audit log records it', async () => {
    const owner = makeUid();
    const first = await call<AlertRule>('PUT', '/alert-rule/gateway-offline', { as: owner, body: RULE });
    expect(first.status).toBe(200);
    const saved = { ...RULE, event: 'gateway-offline', extraEmails: ['plantao@fabrica.com.br'], version: 1 };
    expect(first.body).toEqual(saved);
    const list = await call<AlertRule[]>('GET', '/alert-rule', { as: owner });
    expect(list.body[0]).toEqual(saved);
    expect(list.body[1]).toEqual(defaultAlertRule('gateway-online'));

    const missing = await call('PUT', '/alert-rule/gateway-offline', { as: owner, body: { ...RULE, afterMinutes: 15 } });
    expect(missing.status).toBe(428);
    const stale = await call('PUT', '/alert-rule/gateway-offline', { as: owner, body: { ...RULE, afterMinutes: 15 }, headers: { 'If-Match': '7' } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: { code: 'version-conflict', message: VERSION_CONFLICT_MESSAGE, current: saved } });
    const second = await call<AlertRule>('PUT', '/alert-rule/gateway-offline', { as: owner, body: { ...RULE, afterMinutes: 15 }, headers: { 'If-Match': '1' } });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ...saved, afterMinutes: 15, version: 2 });

    const { results } = await env.DB.prepare("SELECT kind, target_id FROM audit_log WHERE owner_uid = ? ORDER BY created_at").bind(owner).all();
    expect(results).toEqual([
      { kind: 'alert-rule.create', target_id: 'gateway-offline' },
      { kind: 'alert-rule.update', target_id: 'gateway-offline' },
    ]);
  });

  it('refuses a rule with no recipient (400 with its field), an unknown event (400), and Técnico and Leitura (403)', async () => {
    const owner = makeUid();
    const none = await call('PUT', '/alert-rule/order-updated', { as: owner, body: { ...RULE, roles: [], extraEmails: [] } });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ error: { code: 'validation', message: ALERT_MESSAGES.noRecipient, field: 'roles' } });
    // Off, a rule may have no recipient.
    expect((await call('PUT', '/alert-rule/order-updated', { as: owner, body: { ...RULE, enabled: false, roles: [], extraEmails: [] } })).status).toBe(200);
    const noChannel = await call('PUT', '/alert-rule/order-updated', { as: owner, body: { ...RULE, channels: [] }, headers: { 'If-Match': '1' } });
    expect(noChannel.body).toEqual({ error: { code: 'validation', message: ALERT_MESSAGES.noChannel, field: 'channels' } });
    const unknown = await call('PUT', '/alert-rule/unknown', { as: owner, body: RULE });
    expect(unknown.body).toEqual({ error: { code: 'validation', message: UNKNOWN_ALERT_EVENT, field: 'event' } });

    const tecnico = `${owner}-tecnico`;
    const leitura = `${owner}-leitura`;
    await arrangeMember(owner, tecnico, 'tecnico');
    await arrangeMember(owner, leitura, 'leitura');
    const refused = await call('PUT', '/alert-rule/gateway-offline', { as: tecnico, body: RULE });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: 'role-forbidden', message: roleForbiddenMessage('tecnico', 'team') } });
    expect((await call('PUT', '/alert-rule/gateway-offline', { as: leitura, body: RULE })).status).toBe(403);
  });

  it("another builder's rules are never seen nor changed", async () => {
    const owner = makeUid();
    const other = makeUid();
    expect((await call('PUT', '/alert-rule/gateway-offline', { as: owner, body: RULE })).status).toBe(200);
    const theirs = await call<AlertRule[]>('GET', '/alert-rule', { as: other });
    expect(theirs.body[0]).toEqual(defaultAlertRule('gateway-offline'));
    // Their own first save: version 1 of their rule, mine unchanged.
    expect((await call<AlertRule>('PUT', '/alert-rule/gateway-offline', { as: other, body: { ...RULE, afterMinutes: 3 } })).body.version).toBe(1);
    expect((await call<AlertRule[]>('GET', '/alert-rule', { as: owner })).body[0]).toMatchObject({ afterMinutes: 10, version: 1 });
  });
});
