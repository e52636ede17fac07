/**
 * POST /payment-webhook (public): what the payment platform sends. The raw body must carry a valid HMAC-SHA256
 * signature with env.WEBHOOK_SECRET (`X-Ponte-Signature: sha256=<hex>`, verified in constant time by WebCrypto):
 * a missing or wrong one is 401 and nothing changes. An event is applied once per id (`payment_event`).
 */
import type { Context } from 'hono';
import { firstIssue } from '@/contracts/common';
import { apiRoute, type App } from '../../../shared/app';
import type { AppEnv, Db } from '../../../shared/app-env';
import { ApiError, validationError } from '../../../shared/errors';
import { errors, errorSchema, json } from '../../../shared/openapi';
import { applyPaymentEvent, type PaymentEventResult } from './payments';
import { paymentEventAnswerSchema, paymentEventSchema } from './schemas';

export const SIGNATURE_HEADER = 'X-Ponte-Signature';
const INVALID_SIGNATURE_MESSAGE = 'Assinatura do webhook ausente ou inválida.';
const NOT_CONFIGURED_MESSAGE = 'O webhook de pagamentos não está configurado.';

const encoder = new TextEncoder();

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

/** The header's value for a body: `sha256=<hex>`. */
export async function signPayload(secret: string, body: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), encoder.encode(body));
  return `sha256=${[...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** Whether `header` is the body's signature (WebCrypto's verify compares in constant time). */
export async function verifySignature(secret: string, body: string, header: string | undefined): Promise<boolean> {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match?.[1]) return false;
  const bytes = new Uint8Array(match[1].match(/../g)?.map((pair) => parseInt(pair, 16)) ?? []);
  return crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), bytes, encoder.encode(body));
}

/** Verifies and applies one delivery: the route's work, also called by the demo platform with a signed body. */
export async function receivePaymentWebhook(
  db: Db,
  secret: string | undefined,
  body: string,
  signature: string | undefined,
): Promise<PaymentEventResult> {
  if (!secret) throw new ApiError(503, 'webhook-not-configured', NOT_CONFIGURED_MESSAGE);
  if (!(await verifySignature(secret, body, signature))) throw new ApiError(401, 'invalid-signature', INVALID_SIGNATURE_MESSAGE);
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
      summary: 'Eventos da plataforma de pagamento (assinados: X-Ponte-Signature: sha256=<HMAC-SHA256 do corpo>)',
      description:
        'Corpo: `{ id, type: "payment.confirmed", data: { orderId, accountId, amount, paidAt } }`. O mesmo `id` ' +
        'recebido de novo não muda nada (`duplicate: true`).',
      responses: {
        200: json(paymentEventAnswerSchema, 'Recebido.'),
        400: errors[400],
        401: errors[401],
        503: json(errorSchema, 'Segredo do webhook não configurado.'),
      },
    }),
    async (c: Context<AppEnv>) => {
      // The raw bytes, as signed: never re-serialised before the check.
      const body = await c.req.text();
      const result = await receivePaymentWebhook(c.var.db, c.env.WEBHOOK_SECRET, body, c.req.header(SIGNATURE_HEADER));
      return c.json({ received: true as const, ...result }, 200);
    },
  );
}
