/**
 * The alerts' webhook channel: the call site where an alert reaches the account's signed webhooks (issue 37,
 * item 4, built by the webhooks' module). An alert whose rule has the 'webhook' channel calls `deliverWebhooks`
 * once, with every subject it alerts of; the webhooks' module turns it into one delivery per endpoint that listens to
 * the event (queued, signed, retried).
 */
import type { AlertEvent } from '@/contracts/alerts';
import type { Db } from '../../shared/app-env';
import type { Env } from '../../shared/env';
import type { AlertSubject } from './texts';

/** What an alert gives its webhooks. */
export interface AlertWebhookEvent {
  ownerUid: string;
  event: AlertEvent;
  /** When it happened (epoch ms). */
  at: number;
  subjects: (AlertSubject & { message: string })[];
}

/**
 * Hands an alert to the account's webhooks. Until the webhooks' module registers its delivery (`setWebhookDelivery`
 * at its module's load), an account has no webhook and there is nothing to deliver.
 */
export async function deliverWebhooks(env: Env, db: Db, event: AlertWebhookEvent): Promise<void> {
  if (delivery) await delivery(env, db, event);
}

type WebhookDelivery = (env: Env, db: Db, event: AlertWebhookEvent) => Promise<void>;
let delivery: WebhookDelivery | null = null;

/** The webhooks' module gives its delivery here (one place; set once when its module loads). */
export function setWebhookDelivery(deliver: WebhookDelivery | null): void {
  delivery = deliver;
}
