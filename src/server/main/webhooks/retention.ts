/**
 * How long the webhooks' records stay (the daily purge, main/purge.ts): a delivery's row — its log line, its payload —
 * WEBHOOK_DELIVERY_RETENTION_MS after it was made, once it is no longer being tried; the demo receiver's receipts
 * the same (demo mode only writes them).
 */
import { and, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../shared/app-env';
import { DAY_MS } from '../../shared/days';
import { demoWebhookReceipt, webhookDelivery } from '../db/webhook-schema';

export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * DAY_MS;

export async function purgeWebhookDeliveries(db: Db, now = Date.now()): Promise<void> {
  const before = now - WEBHOOK_DELIVERY_RETENTION_MS;
  await db.batch([
    db.delete(webhookDelivery).where(and(inArray(webhookDelivery.status, ['entregue', 'falhou']), lt(webhookDelivery.createdAt, before))),
    db.delete(demoWebhookReceipt).where(lt(demoWebhookReceipt.receivedAt, before)),
  ]);
}
