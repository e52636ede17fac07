/**
 * Handing an event to the account's webhooks (issue 37, item 4): one `webhook_delivery` row per endpoint that listens
 * to the event (its id is the event id sent as `Ponte-Event-Id`, `evt_…`), written in one batch, then one message per
 * row on the Cloudflare Queue `ponte-webhook` (`WEBHOOK_QUEUE`), whose consumer (consumer.ts) signs and sends it with
 * retries for 24 h. The alerts' fan-out calls {@link deliverWebhooks} for a rule whose channels include 'webhook'
 * (registered with src/server/main/alerts/webhooks.ts below); "Enviar teste" and "Reenviar" queue one delivery.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@/contracts/webhooks';
import type { Db } from '../../shared/app-env';
import type { Env } from '../../shared/env';
import { setWebhookDelivery, type AlertWebhookEvent } from '../alerts/webhooks';
import { webhookDelivery, webhookEndpoint } from '../db/webhook-schema';
import { sendToQueue } from '../queues';

/** The queue's message: the delivery to try. */
export interface WebhookMessage {
  id: string;
}

/** A new event id: `evt_` and 24 random hex digits. */
export function newEventId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `evt_${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The event as it is given to the webhooks. */
export interface WebhookEventInput {
  owner: string;
  event: WebhookEvent;
  /** The body's `data` (JSON). */
  payload: Record<string, unknown>;
  /** When it happened (epoch ms; the body's `createdAt`). Now by default. */
  at?: number;
}

/** Puts deliveries on the queue (after their batch committed). Without the binding they stay 'pendente', logged. */
export const dispatchWebhooks = (env: Pick<Env, 'WEBHOOK_QUEUE'>, ids: readonly string[]): Promise<void> =>
  sendToQueue(env.WEBHOOK_QUEUE, ids.map((id): WebhookMessage => ({ id })), 'webhooks');

/** The delivery row of one event to one endpoint (not run). */
export function deliveryRow(owner: string, endpointId: string, event: WebhookEvent, payload: Record<string, unknown>, at: number): typeof webhookDelivery.$inferInsert {
  return {
    id: newEventId(),
    ownerUid: owner,
    endpointId,
    event,
    payload: JSON.stringify(payload),
    status: 'pendente',
    attempts: 0,
    // Due at once: an event dated ahead (the demo's evaluation "minutes later") must not wait for that clock.
    nextAttemptAt: Math.min(at, Date.now()),
    createdAt: at,
  };
}

/**
 * Delivers an event to every enabled endpoint of `owner` that listens to it: the rows in one batch, then queued.
 * Answers the deliveries' ids (none when no endpoint listens).
 */
export async function deliverWebhooks(env: Env, db: Db, { owner, event, payload, at }: WebhookEventInput): Promise<string[]> {
  const when = at ?? Date.now();
  const endpoints = await db
    .select({ id: webhookEndpoint.id })
    .from(webhookEndpoint)
    .where(
      and(
        eq(webhookEndpoint.ownerUid, owner),
        eq(webhookEndpoint.enabled, true),
        sql`EXISTS (SELECT 1 FROM json_each(${webhookEndpoint.events}) WHERE value = ${event})`,
      ),
    );
  if (endpoints.length === 0) return [];
  const rows = endpoints.map((endpoint) => deliveryRow(owner, endpoint.id, event, payload, when));
  const [first, ...rest] = rows.map((row) => db.insert(webhookDelivery).values(row));
  if (first) await db.batch([first, ...rest]);
  const ids = rows.map((row) => row.id);
  await dispatchWebhooks(env, ids);
  return ids;
}

/** An alert as its webhooks' `data`: the event's subjects, each with its sentence. */
export function alertPayload(alert: AlertWebhookEvent): Record<string, unknown> {
  return {
    subjects: alert.subjects.map((subject) => ({ kind: subject.kind, id: subject.id, label: subject.label, message: subject.message })),
  };
}

// The alerts' fan-out reaches the webhooks through this (src/server/main/alerts/webhooks.ts).
setWebhookDelivery(async (env, db, alert) => {
  await deliverWebhooks(env, db, { owner: alert.ownerUid, event: alert.event, payload: alertPayload(alert), at: alert.at });
});
