/**
 * /order: the builder's orders. Reads: every role; changes: Administrador (purchases).
 *
 * - `GET /order`: the caller's orders (search by number, filters status and period, sorts createdAt / number /
 *   total, newest first by default). `GET /order/:id`: one of them (another account's is 404).
 * - `POST /order` (Idempotency-Key): see create.ts — the order, its items, its timeline and its charge (and, for
 *   an approved card, its gateways) in one batch with the key's answer. A card order's key keeps its outcome
 *   whatever it was (a decline, the platform's 502 included); asked again, a kept success is answered, and a kept
 *   refusal is tried again only once the platform has answered what the key charged (nothing: the new token is
 *   charged; a charge: the order is made from it, never a second charge). The same cart with a new card token
 *   is the same request. A charge belongs to one order and one amount, and a key past its 24 h window is refused
 *   (422, create.ts); without PAY_URL or SECRETS_KEY a card order is 503 (shared/settings.ts).
 * - The payment routes (payment-confirmation, pix-code, cancel): payment-routes.ts; the platform's webhook:
 *   webhook.ts.
 *
 * In demo mode every order read first applies the payments that are due (the demo platform's confirmations).
 */
import { ORDER_ERROR_CODES, ORDER_MESSAGES, orderCreateSchema, orderListQuery } from '@/contracts/order';
import { apiRoute, type App } from '../../../shared/app';
import { notFound } from '../../../shared/errors';
import { idempotentCreate } from '../../../shared/idempotency';
import { pageAnswer } from '../../../shared/list';
import { errors, errorsOf, idempotencyHeaders, idParams, json, jsonBody, listQueryParams } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { chargeOfKey, platformKey, platformOfMethod, requireCardSettings } from './card-platform';
import { buildOrder } from './create';
import { duePaymentsInDemo, settlePaymentsInDemo } from './demo-platform';
import { alertAfterAnswer } from '../../alerts/after-answer';
import { findOrder, listOrders } from './queries';
import { orderPageSchema, orderSchema } from './schemas';

export const ORDER_TAG = 'Pedidos';

/** The refusals of a card's charge, kept for the order's key (a refusal before the charge releases it). */
const CHARGE_OUTCOMES = new Set<string>([ORDER_ERROR_CODES.cardDeclined, ORDER_ERROR_CODES.cardTokenUsed, ORDER_ERROR_CODES.platformError]);

/** A card order's body as its key compares it: the card's token, brand and last four may change between tries. */
function withoutCard(body: string): string {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    return JSON.stringify({ ...parsed, card: 'cartão' });
  } catch {
    return body;
  }
}

export function orderRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/order',
      tags: [ORDER_TAG],
      summary: 'Lista os pedidos da conta',
      request: { query: listQueryParams(['status', 'period']) },
      responses: { 200: json(orderPageSchema, 'Uma página de pedidos.'), 401: errors[401] },
    }),
    async (c) => {
      const { db } = c.var;
      const owner = c.var.principal.uid;
      const query = orderListQuery.parse(new URL(c.req.url).searchParams);
      // Demo mode: the due payments read in the list's batch (one round trip); settled, then listed again, if any.
      let listed = await listOrders(db, owner, query, Date.now(), duePaymentsInDemo(c, owner));
      if (listed.due.length > 0) {
        await settlePaymentsInDemo(c, owner, listed.due);
        listed = await listOrders(db, owner, query, Date.now());
      }
      return c.json(pageAnswer(listed.rows, query, listed.total) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/order/{id}',
      tags: [ORDER_TAG],
      summary: 'Um pedido, com itens, histórico e dispositivos',
      request: { params: idParams },
      responses: { 200: json(orderSchema, 'O pedido.'), 401: errors[401], 404: errors[404] },
    }),
    async (c) => {
      const { db } = c.var;
      const owner = c.var.principal.uid;
      await settlePaymentsInDemo(c, owner);
      const found = await findOrder(db, owner, c.req.valid('param').id);
      if (!found) throw notFound(ORDER_MESSAGES.notFound);
      return c.json(serialize(found) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'purchase',
      method: 'post',
      path: '/order',
      tags: [ORDER_TAG],
      summary: 'Faz um pedido (preço do catálogo e das regras de desconto vigentes; cobra Pix, boleto ou cartão)',
      request: { headers: idempotencyHeaders, ...jsonBody(orderCreateSchema) },
      responses: {
        201: json(orderSchema, 'Criado (aguardando pagamento, ou pago no cartão).'),
        ...errorsOf([400, 401, 403, 409, 422]),
        402: errors[400],
        502: errors[400],
        503: errors[400],
      },
    }),
    (c) => {
      const key = c.req.header('Idempotency-Key')?.trim() ?? '';
      const byCard = c.req.valid('json').card !== undefined;
      return idempotentCreate(
        c,
        async (claim) => {
          const { db } = c.var;
          const target = {
            env: c.env,
            key,
            alertAfterAnswer: (what: string, work: () => Promise<unknown>) => alertAfterAnswer(c, what, work, { always: true }),
          };
          const built = await buildOrder(db, c.var.principal, c.req.valid('json'), target, claim.held);
          // The answer is the order as it reads once the batch is committed.
          return { status: 201, body: serialize(built.json), writes: built.writes, applied: built.applied };
        },
        byCard
          ? {
              keepOutcome: (error) => CHARGE_OUTCOMES.has(error.code),
              hashOf: withoutCard,
              reattempt: async () => {
                requireCardSettings(c.env);
                const platform = await platformOfMethod(c.var.db, c.req.valid('json').paymentMethodId);
                if (!platform) return true;
                return (await chargeOfKey({ env: c.env, platform }, platformKey(c.var.principal.uid, key))) !== 'unavailable';
              },
            }
          : {},
      );
    },
  );
}
