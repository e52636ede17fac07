/**
 * The back office's purchase orders (staff): every builder's orders.
 *
 * - `GET /backoffice/order`: search by number ("1004", "#1004"), the builder's name or CNPJ (with or without the
 *   mask); filters status, period, assembler (uid), paymentKind; sorts createdAt (newest first by default), number,
 *   total; each with its builder and `withdrawableDeviceCount`.
 * - `GET /backoffice/order/:id`: the order as the portal sends it, plus the same two fields.
 * - `POST /backoffice/order/:id/status` `{ status, trackingCode?, reason? }` with `If-Match`: the next step of the
 *   flow, or Cancelado from Aguardando pagamento, Pago and Em separação (else 409 `invalid-transition`, before the
 *   fields are looked at); 428 without a version, 409 `version-conflict` with the current order; Enviado takes a
 *   tracking code, Cancelado a reason (400 on the field). The change, its timeline entry (the staff member's name)
 *   and what it does to the gateways (status.ts) are one batch.
 */
import {
  backofficeOrderListQuery,
  INVALID_STATUS_CHANGE_CODE,
  invalidStatusChangeMessage,
  isAllowedStatusChange,
  orderStatusChangeSchema,
} from '@/contracts/backoffice-order';
import { ORDER_STATUSES, type OrderStatus } from '@/contracts/commerce';
import { firstIssue } from '@/contracts/common';
import { ORDER_MESSAGES } from '@/contracts/order';
import { apiRoute, type App } from '../../../shared/app';
import { ApiError, invalidBody, notFound, validationError } from '../../../shared/errors';
import { pageAnswer } from '../../../shared/list';
import { errorsOf, idParams, ifMatchHeaders, json } from '../../../shared/openapi';
import { getRoute, listRoute } from '../../../shared/resource-routes';
import { serialize } from '../../../shared/time';
import { conflictOrNotFound, updateVersioned } from '../../../shared/versioned';
import { requireVersion } from '../../../shared/versions';
import type { Statement } from '../orders/lifecycle';
// Demo mode: the demo platform's due confirmations first (with their "Pedido atualizado").
import { settlePaymentsInDemo } from '../orders/demo-platform';
import { findAnyOrderRow, findStaffOrder, listStaffOrders, staffOrdersJson } from './queries';
import { backofficeOrderPageSchema, backofficeOrderSchema, statusChangeBodySchema } from './schemas';
import { applied, staffActor, statusChangeStatements } from './status';
import { auditWithdrawnGateways } from '../../audit';
import { alertAfterAnswer } from '../../alerts/after-answer';
import { raiseOrderUpdated } from '../../alerts/events';

const TAG = 'Ordens de compra (equipe)';
const BASE = '/backoffice/order';

const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);


export function backofficeOrderRoutes(app: App) {
  app.openapi(
    listRoute({
      path: BASE, tag: TAG, access: 'staff',
      summary: 'Lista os pedidos de todas as montadoras',
      page: backofficeOrderPageSchema, description: 'Uma página de pedidos.', filters: ['status', 'period', 'assembler', 'paymentKind'], errors: [401, 403],
    }),
    async (c) => {
      await settlePaymentsInDemo(c);
      const query = backofficeOrderListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listStaffOrders(c.var.db, query, Date.now());
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );

  app.openapi(
    getRoute({
      path: `${BASE}/{id}`, tag: TAG, access: 'staff',
      summary: 'Um pedido (de qualquer montadora)',
      item: backofficeOrderSchema, description: 'O pedido.', errors: [401, 403, 404],
    }),
    async (c) => {
      await settlePaymentsInDemo(c);
      const found = await findStaffOrder(c.var.db, c.req.valid('param').id);
      if (!found) throw notFound(ORDER_MESSAGES.notFound);
      return c.json(serialize(found) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'post',
      path: `${BASE}/{id}/status`,
      tags: [TAG],
      summary: 'Muda o status de um pedido (If-Match): próximo passo, Enviado com rastreio, Cancelado com motivo',
      request: { params: idParams, headers: ifMatchHeaders },
      responses: {
        200: json(backofficeOrderSchema, 'O pedido, alterado.'),
        ...errorsOf([400, 401, 403, 404, 409, 428]),
      },
    }),
    async (c) => {
      const { db } = c.var;
      await settlePaymentsInDemo(c);
      const order = await findAnyOrderRow(db, c.req.valid('param').id);
      if (!order) throw notFound(ORDER_MESSAGES.notFound);
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        throw invalidBody();
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalidBody();
      const version = requireVersion(c.req.raw, body);
      const current = async () => (await staffOrdersJson(db, [order]))[0];
      if (version !== order.version) throw conflictOrNotFound(await current(), ORDER_MESSAGES.notFound);
      // Out of the lifecycle is refused before the fields are looked at: no tracking code makes Pago → Enviado right.
      const wanted = (body as { status?: unknown }).status;
      if (isOrderStatus(wanted) && !isAllowedStatusChange(order.status, wanted)) {
        const now = await current();
        throw new ApiError(409, INVALID_STATUS_CHANGE_CODE, invalidStatusChangeMessage(order.status), { current: serialize(now) });
      }
      const parsed = orderStatusChangeSchema.safeParse(body);
      if (!parsed.success) {
        const issue = firstIssue(parsed.error);
        throw validationError(issue.message, issue.field);
      }
      const actor = await staffActor(db, c.var.principal);
      const at = Date.now();
      // Staff act on the order's account: the withdrawn gateways' audit entries are that account's (`actor_staff`).
      const statements = await statusChangeStatements(db, order, parsed.data, actor, at, (where) => auditWithdrawnGateways(c, order.ownerUid, where, at));
      // Not applied: changed by someone else between the read and the batch (409), or gone (404).
      await updateVersioned(
        db.batch(statements as [Statement, ...Statement[]]).then((results) => applied(results as unknown[])),
        { current: () => findStaffOrder(db, order.id), notFound: ORDER_MESSAGES.notFound },
      );
      const after = await findStaffOrder(db, order.id);
      if (!after) throw notFound(ORDER_MESSAGES.notFound);
      // "Pedido atualizado" to the order's account (src/server/main/alerts/).
      alertAfterAnswer(c, 'order-updated', () => raiseOrderUpdated(c.env, db, order.ownerUid, order.id, parsed.data.status));
      return c.json(serialize(after) as never, 200);
    },
  );

  // The body's schema, for the OpenAPI document only (it is parsed in the handler above).
  app.openAPIRegistry.register('OrderStatusChange', statusChangeBodySchema);
}
