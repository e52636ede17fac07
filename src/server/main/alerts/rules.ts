/**
 * The account's alert rules (Configurações → "Alertas"): one row per saved event; an event without one answers the
 * contract's default (off, to the Administrador, in the portal and by e-mail; version null).
 */
import { and, eq } from 'drizzle-orm';
import { ALERT_EVENTS, defaultAlertRule, type AlertEvent, type AlertRule } from '@/contracts/alerts';
import type { Db } from '../../shared/app-env';
import { alertRule } from '../db/alert-schema';

export type AlertRuleRow = typeof alertRule.$inferSelect;

/** A saved rule as the API answers it. */
export function alertRuleJson(row: AlertRuleRow): AlertRule {
  return {
    event: row.event,
    enabled: row.enabled,
    roles: row.roles,
    extraEmails: row.extraEmails,
    channels: row.channels,
    afterMinutes: row.afterMinutes,
    quietMinutes: row.quietMinutes,
    version: row.version,
  };
}

/** The saved row of one event, or null. */
export async function findAlertRuleRow(db: Db, owner: string, event: AlertEvent): Promise<AlertRuleRow | null> {
  const [row] = await db
    .select()
    .from(alertRule)
    .where(and(eq(alertRule.ownerUid, owner), eq(alertRule.event, event)))
    .limit(1);
  return row ?? null;
}

/** The rule in force for one event: the saved one, else the default. */
export async function alertRuleOf(db: Db, owner: string, event: AlertEvent): Promise<AlertRule> {
  const row = await findAlertRuleRow(db, owner, event);
  return row ? alertRuleJson(row) : defaultAlertRule(event);
}

/** Every event's rule, in ALERT_EVENTS' order. */
export async function alertRulesOf(db: Db, owner: string): Promise<AlertRule[]> {
  const rows = await db.select().from(alertRule).where(eq(alertRule.ownerUid, owner));
  const saved = new Map(rows.map((row) => [row.event, row]));
  return ALERT_EVENTS.map((event) => {
    const row = saved.get(event);
    return row ? alertRuleJson(row) : defaultAlertRule(event);
  });
}
