/**
 * The consumer of the `ponte-webhook` queue: each message names one delivery (deliver.ts). A delivery already
 * delivered or failed, or gone with its endpoint, is acknowledged and forgotten. Otherwise the endpoint's URL is
 * checked again (its host resolved: DNS rebinding), the body signed and POSTed (`redirect: 'manual'`, 10 s):
 * 2xx → 'entregue'; anything else (a 3xx, 4xx, 5xx, no answer, a private address) → retried with exponential
 * back-off (1 min doubling, at most 1 h) until 24 h after its first attempt, then 'falhou'. The row keeps the
 * attempts, the last answer's HTTP code, the error and the duration. An endpoint whose deliveries have all failed
 * for 24 h is disabled (`disabled_at`) and its Administradores told by e-mail and in the portal's bell.
 */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { WEBHOOK_HEADERS } from '@/contracts/webhooks';
import type { Db } from '../../shared/app-env';
import { DAY_MS } from '../../shared/days';
import type { Env } from '../../shared/env';
import { databaseOf } from '../../shared/local-d1';
import { consumeEach } from '../queues';
import { WEBHOOK_DISABLED_NOTICE } from '@/contracts/alerts';
import { recipientsOf, reserveIds } from '../alerts/raise';
import { portalNotification } from '../db/alert-schema';
import { webhookDelivery, webhookEndpoint } from '../db/webhook-schema';
import { sendMail } from '../mail/outbox';
import { openSecret } from '../routes/payment-platforms/secrets';
import { checkWebhookUrl, webhookFetch } from './address';
import type { WebhookMessage } from './deliver';
import { signWebhook } from './signature';

/** Retries last this long from the first attempt; an endpoint failing this long is disabled. */
export const WEBHOOK_RETRY_WINDOW_MS = DAY_MS;
const FIRST_DELAY_S = 60;
const MAX_DELAY_S = 3600;
const SEND_TIMEOUT_MS = 10_000;

/** Seconds before the next try after `attempts` tries: 1 min doubling, capped at 1 h. */
export const webhookRetryDelaySeconds = (attempts: number): number => Math.min(MAX_DELAY_S, FIRST_DELAY_S * 2 ** Math.max(0, attempts - 1));

/** The body of a delivery, the same on every attempt: `{ id, type, createdAt, data }`. */
export function webhookBody(delivery: { id: string; event: string; createdAt: number; payload: string }): string {
  return JSON.stringify({ id: delivery.id, type: delivery.event, createdAt: new Date(delivery.createdAt).toISOString(), data: JSON.parse(delivery.payload) as unknown });
}

type Attempt = { ok: true; statusCode: number; durationMs: number } | { ok: false; statusCode: number | null; error: string; durationMs: number | null };

async function attempt(env: Env, url: string, secret: string, delivery: { id: string; event: string; createdAt: number; payload: string }, now: number): Promise<Attempt> {
  const checked = await checkWebhookUrl(env, url);
  if ('refusal' in checked) return { ok: false, statusCode: null, error: checked.refusal, durationMs: null };
  const body = webhookBody(delivery);
  const signature = await signWebhook(secret, body, Math.floor(now / 1000));
  const started = Date.now();
  let response: Response;
  try {
    response = await webhookFetch(env)(
      new Request(checked.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Ponte-IIoT-Webhooks/1',
          [WEBHOOK_HEADERS.eventId]: delivery.id,
          [WEBHOOK_HEADERS.event]: delivery.event,
          [WEBHOOK_HEADERS.signature]: signature,
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      }),
    );
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { ok: false, statusCode: null, error: timedOut ? 'Sem resposta em 10 s.' : 'Sem conexão com o endereço.', durationMs: Date.now() - started };
  }
  const durationMs = Date.now() - started;
  // The answer's body is not kept (it is the receiver's); its status is.
  await response.body?.cancel();
  if (response.status >= 200 && response.status < 300) return { ok: true, statusCode: response.status, durationMs };
  const error =
    response.status >= 300 && response.status < 400 ? `Redirecionamento (${response.status}) não é seguido.` : `O endereço respondeu ${response.status}.`;
  return { ok: false, statusCode: response.status || null, error, durationMs };
}

/**
 * The endpoint's Administradores are told it was disabled: by e-mail (kind 'webhook') and in the portal's bell
 * ("Webhook desativado: <url>", linking to Configurações → "Webhooks"), whatever the account's alert rules say.
 */
async function tellDisabled(env: Env, db: Db, endpoint: { id: string; owner: string; url: string }, now: number): Promise<void> {
  const { owner, url } = endpoint;
  const recipients = await recipientsOf(db, owner, { roles: ['administrador'], extraEmails: [] });
  if (recipients.people.length > 0) {
    const ids = await reserveIds(db, 'portal-notification', recipients.people.length);
    const rows = recipients.people.map((person, index) => ({
      id: ids[index] ?? `portal-notification-${now}-${index}`,
      ownerUid: owner,
      memberUid: person.uid,
      event: 'webhook-disabled' as const,
      title: WEBHOOK_DISABLED_NOTICE.title(url),
      message: WEBHOOK_DISABLED_NOTICE.message,
      subjectKind: 'webhook' as const,
      subjectId: endpoint.id,
      readAt: null,
      createdAt: now,
    }));
    // D1 binds at most 100 parameters per statement: 10 columns, 9 rows a statement.
    const inserts = [];
    for (let start = 0; start < rows.length; start += 9) inserts.push(db.insert(portalNotification).values(rows.slice(start, start + 9)));
    const [first, ...rest] = inserts;
    if (first) await db.batch([first, ...rest]);
  }
  await sendMail(
    env,
    db,
    recipients.emails.map((to) => ({
      ownerUid: owner,
      to,
      kind: 'webhook' as const,
      subject: 'Webhook desativado depois de 24 horas de falhas',
      text:
        `O webhook ${url} não aceitou nenhuma entrega nas últimas 24 horas e foi desativado. ` +
        'Confira o endereço e o seu servidor, e ative-o de novo em Configurações → Webhooks. As entregas que falharam podem ser reenviadas de lá.',
      link: '/settings/webhooks',
    })),
    now,
  );
}

/** One message: what happened to it (the queue handler acks or retries accordingly). */
export async function deliverWebhook(env: Env, db: Db, message: WebhookMessage, now = Date.now()): Promise<'ack' | { retryAfterSeconds: number }> {
  const [row] = await db
    .select({
      id: webhookDelivery.id,
      ownerUid: webhookDelivery.ownerUid,
      event: webhookDelivery.event,
      payload: webhookDelivery.payload,
      status: webhookDelivery.status,
      attempts: webhookDelivery.attempts,
      nextAttemptAt: webhookDelivery.nextAttemptAt,
      firstAttemptAt: webhookDelivery.firstAttemptAt,
      createdAt: webhookDelivery.createdAt,
      endpointId: webhookEndpoint.id,
      url: webhookEndpoint.url,
      enabled: webhookEndpoint.enabled,
      secretCipher: webhookEndpoint.secretCipher,
      secretIv: webhookEndpoint.secretIv,
    })
    .from(webhookDelivery)
    .innerJoin(webhookEndpoint, and(eq(webhookEndpoint.id, webhookDelivery.endpointId), eq(webhookEndpoint.ownerUid, webhookDelivery.ownerUid)))
    .where(eq(webhookDelivery.id, message.id))
    .limit(1);
  if (!row || row.status !== 'pendente') return 'ack';
  // A copy of a message that arrives before its time (the queue delivers at least once) waits for it.
  if (row.nextAttemptAt !== null && row.nextAttemptAt > now + 5_000) return { retryAfterSeconds: Math.ceil((row.nextAttemptAt - now) / 1000) };
  const where = and(eq(webhookDelivery.id, row.id), eq(webhookDelivery.status, 'pendente'));
  if (!row.enabled && row.event !== 'test') {
    await db.update(webhookDelivery).set({ status: 'falhou', lastError: 'Webhook desativado.', nextAttemptAt: null }).where(where);
    return 'ack';
  }
  const firstAttemptAt = row.firstAttemptAt ?? now;
  let secret: string | null = null;
  let outcome: Attempt;
  try {
    secret = await openSecret(env.SECRETS_KEY, { secretKeyCipher: row.secretCipher, secretKeyIv: row.secretIv });
  } catch {
    secret = null;
  }
  if (secret === null) outcome = { ok: false, statusCode: null, error: 'não configurado: SECRETS_KEY', durationMs: null };
  else outcome = await attempt(env, row.url, secret, row, now);
  const attempts = row.attempts + 1;
  const common = { attempts, firstAttemptAt, lastStatusCode: outcome.statusCode, durationMs: outcome.durationMs };
  if (outcome.ok) {
    await db.batch([
      db.update(webhookDelivery).set({ ...common, status: 'entregue', lastError: null, deliveredAt: now, nextAttemptAt: null }).where(where),
      db.update(webhookEndpoint).set({ failingSince: null }).where(eq(webhookEndpoint.id, row.endpointId)),
    ]);
    return 'ack';
  }
  // The endpoint fails since its first failure in a row; 24 h of it disables the endpoint, once.
  await db
    .update(webhookEndpoint)
    .set({ failingSince: sql`coalesce(${webhookEndpoint.failingSince}, ${now})` })
    .where(eq(webhookEndpoint.id, row.endpointId));
  const disabled = await db
    .update(webhookEndpoint)
    .set({ enabled: false, disabledAt: now, version: sql`${webhookEndpoint.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(webhookEndpoint.id, row.endpointId),
        eq(webhookEndpoint.enabled, true),
        lte(webhookEndpoint.failingSince, now - WEBHOOK_RETRY_WINDOW_MS),
        isNull(webhookEndpoint.disabledAt),
      ),
    )
    .returning({ id: webhookEndpoint.id });
  if (disabled.length > 0) {
    console.error(`webhooks: endpoint ${row.endpointId} disabled after 24 h of failures`);
    await tellDisabled(env, db, { id: row.endpointId, owner: row.ownerUid, url: row.url }, now);
  }
  const expired = now - firstAttemptAt >= WEBHOOK_RETRY_WINDOW_MS;
  if (expired || (disabled.length > 0 && row.event !== 'test')) {
    await db.update(webhookDelivery).set({ ...common, status: 'falhou', lastError: outcome.error, nextAttemptAt: null }).where(where);
    return 'ack';
  }
  const delay = webhookRetryDelaySeconds(attempts);
  await db.update(webhookDelivery).set({ ...common, lastError: outcome.error, nextAttemptAt: now + delay * 1000 }).where(where);
  return { retryAfterSeconds: delay };
}

/** The Worker's `queue` handler for `ponte-webhook`. */
export async function consumeWebhooks(batch: MessageBatch<WebhookMessage>, env: Env): Promise<void> {
  const db = drizzle(databaseOf(env));
  await consumeEach(batch, (body) => deliverWebhook(env, db, body), webhookRetryDelaySeconds, (body) => `webhooks: delivery ${body.id}`);
}
