/**
 * POST /payment-webhook (public): what the payment platform sends. The raw body must carry a valid HMAC-SHA256
 * signature with env.WEBHOOK_SECRET over the delivery's time and the body —
 * `X-Ponte-Signature: t=<unix seconds>,sha256=<hex of HMAC("<t>.<body>")>`, verified in constant time by WebCrypto:
 * a missing or wrong one is 401 and nothing changes; a signature made more than 5 minutes from now (a delivery
 * replayed later) is 401 too. An event is applied once per id (`payment_event`); its `amount` is required and must
 * be the order's total. Without WEBHOOK_SECRET the route answers 503 (shared/settings.ts).
 */
import type { Context } from 'hono';
import { firstIssue } from '@/contracts/common';
import { apiRoute, type App } from '../../../shared/app';
import type { AppEnv, Db } from '../../../shared/app-env';
import { ApiError, validationError } from '../../../shared/errors';
import { errors, errorSchema, json } from '../../../shared/openapi';
import { notConfigured, requireSettings } from '../../../shared/settings';
import { applyPaymentEvent, type PaymentEvent, type PaymentEventResult } from './payments';
import { alertAfterAnswer } from '../../alerts/after-answer';
import { raiseOrderUpdated } from '../../alerts/events';
import { paymentEventAnswerSchema, paymentEventSchema } from './schemas';

export const SIGNATURE_HEADER = 'X-Ponte-Signature';
/** How far a delivery's signed time may be from now, either way. */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;
const INVALID_SIGNATURE_MESSAGE = 'Assinatura do webhook ausente ou inválida.';
const STALE_SIGNATURE_MESSAGE = 'Assinatura do webhook fora da janela de 5 minutos: envie o evento assinado de novo.';

const encoder = new TextEncoder();

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

/** The header's value for a body sent at `at` (epoch ms): `t=<unix seconds>,sha256=<hex>`. */
export async function signPayload(secret: string, body: string, at = Date.now()): Promise<string> {
  const t = Math.floor(at / 1000);
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), encoder.encode(`${t}.${body}`));
  return `t=${t},sha256=${[...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** Whether `header` signs the body ('ok'), signs it outside the window ('stale'), or not ('invalid'). */
export async function verifySignature(
  secret: string,
  body: string,
  header: string | undefined,
  now = Date.now(),
): Promise<'ok' | 'stale' | 'invalid'> {
  const match = /^t=(\d{1,12}),sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match?.[1] || !match[2]) return 'invalid';
  const t = Number(match[1]);
  const bytes = new Uint8Array(match[2].match(/../g)?.map((pair) => parseInt(pair, 16)) ?? []);
  if (!(await crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), bytes, encoder.encode(`${t}.${body}`)))) return 'invalid';
  return Math.abs(now - t * 1000) <= SIGNATURE_WINDOW_MS ? 'ok' : 'stale';
}

/** Verifies and applies one delivery: the route's work, also called by the demo platform with a signed body. */
export async function receivePaymentWebhook(
  db: Db,
  secret: string | undefined,
  body: string,
  signature: string | undefined,
): Promise<PaymentEventResult> {
  if (!secret) throw notConfigured('WEBHOOK_SECRET is not set');
  const verified = await verifySignature(secret, body, signature);
  if (verified === 'invalid') throw new ApiError(401, 'invalid-signature', INVALID_SIGNATURE_MESSAGE);
  if (verified === 'stale') throw new ApiError(401, 'signature-expired', STALE_SIGNATURE_MESSAGE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new ApiError(400, 'invalid-body', 'O corpo da requisição deve ser um JSON válido.');
  }
  const event = paymentEventSchema.safeParse(parsed);
  if (!event.success) {
    const issue = firstIssue(event.error);
    throw validationError(issue.message, issue.field);
  }
  return applyPaymentEvent(db, event.data, body);
}

export function paymentWebhookRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'public',
      method: 'post',
      path: '/payment-webhook',
      tags: ['Pagamentos'],
      summary: 'Eventos da plataforma de pagamento (assinados: X-Ponte-Signature: t=<unix>,sha256=<HMAC-SHA256 de "t.corpo">)',
      description:
        'Corpo: `{ id, type: "payment.confirmed", data: { orderId, accountId, amount, paidAt } }` (`amount`, em ' +
        'centavos, obrigatório: o total do pedido). Assinatura feita há mais de 5 minutos: 401. O mesmo `id` ' +
        'recebido de novo não muda nada (`duplicate: true`).',
      responses: {
        200: json(paymentEventAnswerSchema, 'Recebido.'),
        400: errors[400],
        401: errors[401],
        503: json(errorSchema, 'WEBHOOK_SECRET não configurado.'),
      },
    }),
    async (c: Context<AppEnv>) => {
      // The raw bytes, as signed: never re-serialised before the check.
      const { WEBHOOK_SECRET: secret } = requireSettings(c.env, ['WEBHOOK_SECRET']);
      const body = await c.req.text();
      const result = await receivePaymentWebhook(c.var.db, secret, body, c.req.header(SIGNATURE_HEADER));
      // A payment that made its order paid: "Pedido atualizado" to the order's account (src/server/main/alerts/).
      if (!result.duplicate && result.outcome === 'applied') {
        const { data } = JSON.parse(body) as PaymentEvent;
        if (data.accountId) alertAfterAnswer(c, 'order-updated', () => raiseOrderUpdated(c.env, c.var.db, data.accountId ?? '', data.orderId, 'pago'));
      }
      return c.json({ received: true as const, ...result }, 200);
    },
  );
}
