/** The alerts' tests: an account with people, gateways and rules, and what the alerts stored. */
import { env } from 'cloudflare:test';
import type { AlertEvent, AlertRuleInput } from '@/contracts/alerts';
import { defaultAlertRule } from '@/contracts/alerts';
import type { TeamRole } from '@/contracts/team-roles';

/** An account (its company's e-mail is the Administrador's when it has no member row). */
export async function arrangeAccount(owner: string, email = `${owner}@montadora.com.br`): Promise<void> {
  const now = Date.now();
  await env.DB.prepare('INSERT INTO assembler (uid, name, cnpj, email, created_at, version, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?)')
    .bind(owner, `Montadora ${owner}`, owner, email, now, now)
    .run();
}

/** A person of the account with a role. */
export async function arrangePerson(owner: string, uid: string, role: TeamRole, email = `${uid}@montadora.com.br`): Promise<void> {
  const now = Date.now();
  await env.DB.prepare('INSERT INTO team_member (uid, account_uid, name, email, role, joined_at, version, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?)')
    .bind(uid, owner, uid, email, role, now, now)
    .run();
}

/** A saved rule (the defaults, enabled, with `changes`). */
export async function arrangeRule(owner: string, event: AlertEvent, changes: Partial<AlertRuleInput> = {}): Promise<void> {
  const rule = { ...defaultAlertRule(event), enabled: true, ...changes };
  await env.DB.prepare(
    `INSERT INTO alert_rule (owner_uid, event, enabled, roles, extra_emails, channels, after_minutes, quiet_minutes, version, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
  )
    .bind(owner, event, rule.enabled ? 1 : 0, JSON.stringify(rule.roles), JSON.stringify(rule.extraEmails), JSON.stringify(rule.channels), rule.afterMinutes, rule.quietMinutes, Date.now())
    .run();
}

/** `count` gateways of the account named "<prefix> 1"…, online; answers their ids. */
export async function arrangeGateways(owner: string, count: number, prefix = 'Gateway'): Promise<string[]> {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, index) => ({ id: `${owner}-gw-${index + 1}`, name: `${prefix} ${index + 1}` }));
  await env.DB.prepare(
    `INSERT INTO device (id, owner_uid, serial_number, setup_code, name, hardware_model, firmware, status, name_key, search, search_compact,
       version, created_at, updated_at)
     SELECT j.value ->> 'id', ?, j.value ->> 'id', 'SC-' || (j.value ->> 'id'), j.value ->> 'name', 'PG-100', '1.0.0', 'online',
       lower(j.value ->> 'name'), '', '', 1, ?, ?
     FROM json_each(?) AS j`,
  )
    .bind(owner, now, now, JSON.stringify(rows))
    .run();
  return rows.map((row) => row.id);
}

/** The gateways go offline (or online) at `at`, each transition a `device_status_event`, as the hubs write them. */
export async function arrangeTransition(deviceIds: readonly string[], status: 'online' | 'offline', at: number): Promise<void> {
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO device_status_event (id, owner_uid, device_id, status, at)
       SELECT 'dse-' || device.id || '-' || ? || '-' || ?, device.owner_uid, device.id, ?, ? FROM device
       WHERE device.id IN (SELECT value FROM json_each(?))`,
    ).bind(at, status, status, at, JSON.stringify(deviceIds)),
    env.DB.prepare('UPDATE device SET status = ? WHERE id IN (SELECT value FROM json_each(?))').bind(status, JSON.stringify(deviceIds)),
  ]);
}

export interface StoredNotification {
  member_uid: string;
  event: string;
  title: string;
  message: string;
  subject_kind: string | null;
  subject_id: string | null;
}

export async function storedNotifications(owner: string): Promise<StoredNotification[]> {
  const { results } = await env.DB.prepare(
    'SELECT member_uid, event, title, message, subject_kind, subject_id FROM portal_notification WHERE owner_uid = ? ORDER BY rowid',
  )
    .bind(owner)
    .all<StoredNotification>();
  return results;
}

export interface StoredMail {
  to_address: string;
  kind: string;
  subject: string;
  text: string;
}

export async function storedMails(owner: string): Promise<StoredMail[]> {
  const { results } = await env.DB.prepare('SELECT to_address, kind, subject, text FROM mail WHERE owner_uid = ? ORDER BY rowid')
    .bind(owner)
    .all<StoredMail>();
  return results;
}
