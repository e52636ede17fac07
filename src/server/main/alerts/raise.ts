/**
 * Raising an alert (issue 37, item 2): the account's rule for the event says who receives it (its members with the
 * rule's roles — the account's owner is its Administrador when it has no member row — plus the extra e-mails) and
 * through which channels ('portal': one `portal_notification` per person; 'email': the mail outbox; 'webhook': the
 * account's webhooks). A rule alerts once per subject within its quiet period (`alert_sent`, claimed by one upsert:
 * a flapping gateway, or two evaluations at once, make one alert). Many subjects at once (1 000 gateways offline in
 * one sweep) make ONE digest per recipient: one e-mail listing them (the first 20, then "e mais N") and one
 * notification.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AlertEvent, AlertRule } from '@/contracts/alerts';
import type { Db } from '../../shared/app-env';
import { assembler, teamMember } from '../../shared/db/core-schema';
import type { Env } from '../../shared/env';
import { portalNotification } from '../db/alert-schema';
import { sendMail } from '../mail/outbox';
import { alertRuleOf } from './rules';
import { alertMessage, type AlertOccurrence, type AlertSubject } from './texts';
import { deliverWebhooks } from './webhooks';

export type { AlertOccurrence, AlertSubject } from './texts';

/** One subject's alert, as the place that saw it happen raises it. */
export interface RaiseAlert {
  owner: string;
  event: AlertEvent;
  subject: AlertSubject;
  /** When it happened (epoch ms; now by default). */
  at?: number;
  /** The pt-BR sentence that tells what happened (ALERT_TEXTS), and what makes two alerts "the same" for the quiet period. */
  details: { message: string; quietKey?: string };
}

/** Several subjects' alerts of one event in one account, raised at once: one digest per recipient. */
export interface RaiseAlerts {
  owner: string;
  event: AlertEvent;
  at?: number;
  occurrences: readonly (AlertOccurrence & { quietKey?: string })[];
}

/** What a raise did (tests and logs). */
export interface RaiseOutcome {
  /** The subjects alerted (the others were off, or in their quiet period). */
  alerted: string[];
  notifications: number;
  mails: number;
}

const NOTHING: RaiseOutcome = { alerted: [], notifications: 0, mails: 0 };

/** Who receives a rule's alerts: the people (portal) and the addresses (e-mail), each once. */
export interface Recipients {
  people: { uid: string; email: string }[];
  emails: string[];
}

export async function recipientsOf(db: Db, owner: string, rule: Pick<AlertRule, 'roles' | 'extraEmails'>): Promise<Recipients> {
  const [members, self, company] = await db.batch([
    rule.roles.length === 0
      ? db.select({ uid: teamMember.uid, email: teamMember.email }).from(teamMember).where(sql`0`)
      : db
          .select({ uid: teamMember.uid, email: teamMember.email })
          .from(teamMember)
          .where(and(eq(teamMember.accountUid, owner), inArray(teamMember.role, rule.roles)))
          .orderBy(asc(teamMember.joinedAt), asc(teamMember.uid)),
    db.select({ uid: teamMember.uid }).from(teamMember).where(eq(teamMember.uid, owner)).limit(1),
    db.select({ email: assembler.email }).from(assembler).where(eq(assembler.uid, owner)).limit(1),
  ]);
  const people = [...members];
  // The account's owner without a member row is its Administrador (shared/access.ts `authenticate`).
  if (rule.roles.includes('administrador') && self.length === 0 && company[0]) people.unshift({ uid: owner, email: company[0].email });
  const emails = new Set<string>();
  for (const email of [...people.map((person) => person.email), ...rule.extraEmails]) {
    const key = email.trim().toLowerCase();
    if (key !== '') emails.add(key);
  }
  return { people, emails: [...emails] };
}

/**
 * Claims the quiet period of each key: the keys whose last alert is older than `quietMinutes` (or that never
 * alerted) are written `at` and answered; the others are not.
 */
export async function claimQuietPeriod(db: Db, owner: string, event: AlertEvent, keys: readonly string[], at: number, quietMinutes: number): Promise<Set<string>> {
  const claimed = new Set<string>();
  const unique = [...new Set(keys)];
  const SLICE = 2000;
  for (let start = 0; start < unique.length; start += SLICE) {
    const slice = unique.slice(start, start + SLICE);
    // `WHERE true`: SQLite's upsert after a SELECT needs a WHERE to parse.
    const rows = await db.all<{ key: string }>(sql`
      INSERT INTO alert_sent (owner_uid, event, subject_id, sent_at)
      SELECT ${owner}, ${event}, j.value, ${at} FROM json_each(${JSON.stringify(slice)}) AS j WHERE true
      ON CONFLICT (owner_uid, event, subject_id) DO UPDATE SET sent_at = excluded.sent_at
        WHERE alert_sent.sent_at <= ${at - quietMinutes * 60_000}
      RETURNING subject_id AS key`);
    for (const row of rows) claimed.add(row.key);
  }
  return claimed;
}

/** `n` readable ids of a kind in one statement (`portal-notification-1042`…). */
export async function reserveIds(db: Db, kind: string, n: number): Promise<string[]> {
  const FIRST = 1001;
  const row = await db.get<{ next: number }>(
    sql`INSERT INTO id_sequence (kind, next) VALUES (${kind}, ${FIRST + n - 1})
        ON CONFLICT(kind) DO UPDATE SET next = next + ${n} RETURNING next`,
  );
  return Array.from({ length: n }, (_, index) => `${kind}-${row.next - n + 1 + index}`);
}

/** Raises one subject's alert (see the module's comment). */
export function raiseAlert(env: Env, db: Db, alert: RaiseAlert): Promise<RaiseOutcome> {
  return raiseAlerts(env, db, {
    owner: alert.owner,
    event: alert.event,
    ...(alert.at === undefined ? {} : { at: alert.at }),
    occurrences: [{ subject: alert.subject, message: alert.details.message, ...(alert.details.quietKey ? { quietKey: alert.details.quietKey } : {}) }],
  });
}

/** Raises several subjects' alerts of one event at once: one notification and one e-mail per recipient. */
export async function raiseAlerts(env: Env, db: Db, alert: RaiseAlerts): Promise<RaiseOutcome> {
  if (alert.occurrences.length === 0) return NOTHING;
  const rule = await alertRuleOf(db, alert.owner, alert.event);
  if (!rule.enabled) return NOTHING;
  const at = alert.at ?? Date.now();
  const keyOf = (item: RaiseAlerts['occurrences'][number]) => item.quietKey ?? item.subject.id;
  const claimed = await claimQuietPeriod(db, alert.owner, alert.event, alert.occurrences.map(keyOf), at, rule.quietMinutes);
  const seen = new Set<string>();
  const due = alert.occurrences.filter((item) => {
    const key = keyOf(item);
    if (!claimed.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (due.length === 0) return NOTHING;
  const message = alertMessage(alert.event, due);
  // Never dated in the future (the demo's clock evaluates ahead of time; the quiet period keeps `at`).
  const createdAt = Math.min(at, Date.now());
  const recipients = await recipientsOf(db, alert.owner, rule);
  let notifications = 0;
  let mails = 0;
  if (rule.channels.includes('portal') && recipients.people.length > 0) {
    const ids = await reserveIds(db, 'portal-notification', recipients.people.length);
    const rows = recipients.people.map((person, index) => ({
      id: ids[index] ?? `portal-notification-${at}-${index}`,
      ownerUid: alert.owner,
      memberUid: person.uid,
      event: alert.event,
      title: message.title,
      message: message.message,
      subjectKind: message.subject?.kind ?? null,
      subjectId: message.subject?.id ?? null,
      readAt: null,
      createdAt,
    }));
    // D1 binds at most 100 parameters per statement: 10 columns, 9 rows a statement.
    const inserts = [];
    for (let start = 0; start < rows.length; start += 9) inserts.push(db.insert(portalNotification).values(rows.slice(start, start + 9)));
    const [first, ...rest] = inserts;
    if (first) await db.batch([first, ...rest]);
    notifications = rows.length;
  }
  if (rule.channels.includes('email') && recipients.emails.length > 0) {
    await sendMail(
      env,
      db,
      recipients.emails.map((to) => ({ ownerUid: alert.owner, to, kind: 'alerta' as const, subject: message.mailSubject, text: message.mailText, link: message.link })),
      createdAt,
    );
    mails = recipients.emails.length;
  }
  if (rule.channels.includes('webhook')) {
    // The account's webhooks (issue 37, item 4) receive the alert: one delivery per endpoint listening to the event.
    await deliverWebhooks(env, db, { ownerUid: alert.owner, event: alert.event, at, subjects: due.map((item) => ({ ...item.subject, message: item.message })) });
  }
  return { alerted: due.map((item) => item.subject.id), notifications, mails };
}

/** Runs `work` (an alert raised after a change committed) and logs a failure: an alert never fails the user's request. */
export async function alertSafely(what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    console.error(`alert ${what} failed:`, error instanceof Error ? error.message : 'error');
  }
}

/** Something that can keep a Worker alive for work after the answer (`c.executionCtx`), when there is one. */
export interface BackgroundContext {
  readonly executionCtx: { waitUntil(promise: Promise<unknown>): void };
}

/**
 * Raises an alert after the change's batch committed, without delaying the answer: through `waitUntil` when the
 * request has an execution context, else awaited. Errors are logged, never the user's.
 */
export async function alertAfterCommit(c: BackgroundContext, what: string, work: () => Promise<unknown>): Promise<void> {
  const running = alertSafely(what, work);
  let waitUntil: ((promise: Promise<unknown>) => void) | null = null;
  try {
    const context = c.executionCtx;
    waitUntil = (promise) => context.waitUntil(promise);
  } catch {
    // Hono throws when the request has no execution context (a test calling app.fetch directly).
  }
  if (waitUntil) waitUntil(running);
  else await running;
}
