/**
 * The demo's "simulate offline" (src/server/demo/alert-routes.ts) with the demo's seeded rule ("Gateway offline",
 * Administrador, portal and e-mail, 5 minutes): offline now, then the minute's evaluation run 5 minutes later.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetDemo } from '../../../demo/reset';
import { alertsSeed } from '../../../demo/seed/alerts';
import { accountSeed } from '../../../demo/seed/account';
import { devicesSeed } from '../../../demo/seed/devices';
import { storedMails, storedNotifications } from '../../alerts/fixtures';
import { demoCall, MARIA, SERRA } from '../orders/test-helpers';

let gateway = { id: '', name: '' };

beforeAll(async () => {
  await resetDemo(env, { now: Date.now() - 60_000, sources: [accountSeed, devicesSeed, alertsSeed] });
  const row = await env.DB.prepare("SELECT id, name FROM device WHERE owner_uid = ? AND status = 'online' ORDER BY id LIMIT 1")
    .bind(MARIA)
    .first<{ id: string; name: string }>();
  gateway = row ?? gateway;
});

describe('demo: simulate a gateway offline', () => {
  it('the seeded rule alerts Maria in the portal and by e-mail once the rule\'s minutes pass; "online" brings it back', async () => {
    const before = (await storedNotifications(MARIA)).length;
    // The evaluation's cursor starts after what exists.
    expect((await demoCall('POST', '/demo/alerts/evaluate', { as: MARIA, body: {} })).status).toBe(200);
    expect((await demoCall('POST', `/demo/device/${gateway.id}/offline`, { as: SERRA })).status).toBe(404);
    expect((await demoCall('POST', `/demo/device/${gateway.id}/offline`, { as: MARIA })).status).toBe(204);
    expect(await env.DB.prepare('SELECT status FROM device WHERE id = ?').bind(gateway.id).first('status')).toBe('offline');

    const early = await demoCall<{ offline: number; online: number }>('POST', '/demo/alerts/evaluate', { as: MARIA, body: { minutesLater: 4 } });
    expect(early.body).toEqual({ offline: 0, online: 0 });
    const due = await demoCall<{ offline: number; online: number }>('POST', '/demo/alerts/evaluate', { as: MARIA, body: { minutesLater: 5 } });
    expect(due.body).toEqual({ offline: 1, online: 0 });

    const added = (await storedNotifications(MARIA)).slice(before);
    expect(added).toEqual([
      {
        member_uid: MARIA,
        event: 'gateway-offline',
        title: `Gateway offline: ${gateway.name}`,
        message: `O gateway "${gateway.name}" está offline há 5 minutos.`,
        subject_kind: 'device',
        subject_id: gateway.id,
      },
    ]);
    const mails = (await storedMails(MARIA)).filter((mail) => mail.kind === 'alerta');
    expect(mails.map((mail) => [mail.to_address, mail.subject])).toEqual([['cliente@example.com', `Ponte IIoT — Gateway offline: ${gateway.name}`]]);

    expect((await demoCall('POST', `/demo/device/${gateway.id}/online`, { as: MARIA })).status).toBe(204);
    // "Gateway de volta" is off in the seed: nothing more.
    expect((await demoCall<{ offline: number; online: number }>('POST', '/demo/alerts/evaluate', { as: MARIA, body: { minutesLater: 6 } })).body).toEqual({ offline: 0, online: 0 });
    const invalid = await demoCall('POST', '/demo/alerts/evaluate', { as: MARIA, body: { minutesLater: 2000 } });
    expect(invalid.status).toBe(400);
  });
});
