/**
 * The back office's purchase orders: every builder's orders, for the staff only (403 for a customer's token).
 *
 * - `GET /backoffice/order`: all builders' orders; `q` finds the number ("1004", "#1004"), the builder's name or
 *   CNPJ (with or without the mask); filters status, period, assembler (uid), paymentKind; sorts createdAt (newest
 *   first by default), number, total; each with its builder (`assembler`: uid, name, CNPJ, e-mail).
 * - `GET /backoffice/order/:id`: the order as the portal sends it, plus its builder and how many of its gateways a
 *   cancel would withdraw (`withdrawableDeviceCount`).
 * - `POST /backoffice/order/:id/status` `{ status, trackingCode?, reason? }` with `If-Match`: the lifecycle only —
 *   the next step of the flow, or Cancelado from Aguardando pagamento, Pago and Em separação (else 409
 *   `invalid-transition` with the reason); 428 without a version, 409 `version-conflict` (with the current order)
 *   on a stale one; Enviado takes a tracking code (2 letters, 9 digits, 2 letters), Cancelado a reason (400 on the
 *   field otherwise). Each change goes through the orders' lifecycle (`moveOrder`): a timeline entry by the staff
 *   member, and Pago provisions the gateways. Cancelling a paid order withdraws the gateways it provisioned that
 *   were never put to use (see withdrawal.ts). The portal's `GET /order/:id` reads the same record.
 * - `GET /backoffice/assembler`: the builders (the list's "Montadora" filter); `GET /backoffice/assembler/:uid`:
 *   one builder with its order count and its gateways by status.
 */
import { http, HttpResponse } from 'msw';
import {
  ASSEMBLER_NOT_FOUND,
  backofficeOrderListQuery,
  INVALID_STATUS_CHANGE_CODE,
  invalidStatusChangeMessage,
  isAllowedStatusChange,
  orderStatusChangeSchema,
  type OrderAssembler,
} from '@/contracts/backoffice-order';
import { ORDER_STATUSES, type OrderStatus } from '@/contracts/commerce';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { isOrderOpen, ORDER_MESSAGES, orderLabel, periodStart, type OrderActor } from '@/contracts/order';
import { listPage, parseBody, requestedVersion, VERSION_REQUIRED_MESSAGE } from '@/testing/fake-api/collection';
import type { AssemblerRecord, DemoDb } from '@/testing/fake-api/db';
import { apiError, authenticateAdmin, invalidBody, notFound, readJson, serialize, type HandlerContext } from '@/testing/fake-api/http';
import { ordersJson } from '@/testing/fake-api/resources/orders/order-json';
import { moveOrder, settleOrders } from '@/testing/fake-api/resources/orders/lifecycle';
import type { OrderRecord } from '@/seed/orders/records';
import type { Principal } from '@/testing/fake-api/token';
import { withdrawableDevices, withdrawDevices } from './withdrawal';

/** An order whose builder's account is gone still shows, with what the order knows. */
function assemblerOf(assemblers: ReadonlyMap<string, AssemblerRecord>, uid: string): OrderAssembler {
  const assembler = assemblers.get(uid);
  return assembler
    ? { uid, name: assembler.name, cnpj: assembler.cnpj, email: assembler.email }
    : { uid, name: 'Montadora removida', cnpj: '', email: '' };
}

function assemblerMap(db: DemoDb): Map<string, AssemblerRecord> {
  return new Map(db.data.assemblers.map((assembler) => [assembler.uid, assembler]));
}

/** The orders as the back office sends them (before times become { seconds, nanos }). */
function staffOrdersJson(db: DemoDb, orders: readonly OrderRecord[]) {
  const assemblers = assemblerMap(db);
  const json = ordersJson(db, orders);
  return orders.map((order, index) => ({
    ...json[index],
    assembler: assemblerOf(assemblers, order.ownerUid),
    withdrawableDeviceCount: withdrawableDevices(db, order).length,
  }));
}

function respondOrder(db: DemoDb, order: OrderRecord): Response {
  return HttpResponse.json(serialize(staffOrdersJson(db, [order])[0]) as Record<string, unknown>);
}

/** The staff member as the timeline shows them: their name in the staff records, else the token's. */
function staffActor(db: DemoDb, principal: Principal): OrderActor {
  const member = db.data.staff.find((candidate) => candidate.uid === principal.uid);
  return { kind: 'equipe', name: member?.name ?? principal.name ?? principal.email };
}

const PAID_BY_STAFF_NOTE = 'Pagamento confirmado pela equipe.';

function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function backofficeOrderHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  const base = `${apiUrl}/backoffice/order`;

  const findOrder = (id: string): OrderRecord | undefined => {
    settleOrders(db);
    return db.data.orders.find((order) => order.id === id);
  };

  return [
    http.get(base, ({ request }) => {
      const auth = authenticateAdmin(request, ctx);
      if ('response' in auth) return auth.response;
      settleOrders(db);
      const now = Date.now();
      const assemblers = assemblerMap(db);
      const page = listPage(db.data.orders, {
        query: backofficeOrderListQuery.parse(new URL(request.url).searchParams),
        where: () => true,
        searchFields: [
          (order) => orderLabel(order),
          (order) => assemblers.get(order.ownerUid)?.name,
          (order) => assemblers.get(order.ownerUid)?.cnpj,
        ],
        filters: {
          status: (order, status) => order.status === status,
          period: (order, period) => order.createdAt >= periodStart(period, now),
          assembler: (order, uid) => order.ownerUid === uid,
          paymentKind: (order, kind) => order.payment.kind === kind,
        },
        sorts: {
          createdAt: (order) => order.createdAt,
          number: (order) => order.number,
          total: (order) => order.total,
        },
      });
      return HttpResponse.json({ data: serialize(staffOrdersJson(db, page.data)), meta: page.meta });
    }),

    http.get(`${base}/:id`, ({ request, params }) => {
      const auth = authenticateAdmin(request, ctx);
      if ('response' in auth) return auth.response;
      const order = findOrder(String(params.id));
      return order ? respondOrder(db, order) : notFound(ORDER_MESSAGES.notFound);
    }),

    http.post(`${base}/:id/status`, async ({ request, params }) => {
      const auth = authenticateAdmin(request, ctx);
      if ('response' in auth) return auth.response;
      const order = findOrder(String(params.id));
      if (!order) return notFound(ORDER_MESSAGES.notFound);
      const body = await readJson(request);
      if (!body) return invalidBody();
      const version = requestedVersion(request, body);
      if (version === null) return apiError(428, 'version-required', VERSION_REQUIRED_MESSAGE);
      const current = () => serialize(staffOrdersJson(db, [order])[0]);
      if (version !== order.version) return apiError(409, 'version-conflict', VERSION_CONFLICT_MESSAGE, { current: current() });
      // Out of the lifecycle is refused before the fields are looked at: no tracking code makes Pago → Enviado right.
      if (isOrderStatus(body.status) && !isAllowedStatusChange(order.status, body.status)) {
        return apiError(409, INVALID_STATUS_CHANGE_CODE, invalidStatusChangeMessage(order.status), { current: current() });
      }
      const parsed = parseBody(orderStatusChangeSchema, body);
      if (!parsed.ok) return parsed.response;
      const { status, trackingCode, reason } = parsed.data;

      const now = Date.now();
      const actor = staffActor(db, auth.principal);
      switch (status) {
        case 'pago':
          moveOrder(db, order, 'pago', actor, { at: now, note: PAID_BY_STAFF_NOTE });
          break;
        case 'enviado':
          moveOrder(db, order, 'enviado', actor, { at: now, note: `Código de rastreio: ${trackingCode}`, trackingCode });
          break;
        case 'cancelado':
          // A paid order's gateways nobody put to use stop working with it.
          withdrawDevices(db, order);
          moveOrder(db, order, 'cancelado', actor, { at: now, note: reason });
          break;
        default:
          moveOrder(db, order, status, actor, { at: now });
      }
      db.save();
      return respondOrder(db, order);
    }),

    http.get(`${apiUrl}/backoffice/assembler`, ({ request }) => {
      const auth = authenticateAdmin(request, ctx);
      if ('response' in auth) return auth.response;
      const data = [...db.data.assemblers]
        .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
        .map((assembler) => ({ uid: assembler.uid, name: assembler.name, cnpj: assembler.cnpj, email: assembler.email, createdAt: assembler.createdAt }));
      return HttpResponse.json({ data: serialize(data), meta: { page: 1, perPage: Math.max(1, data.length), total: data.length } });
    }),

    http.get(`${apiUrl}/backoffice/assembler/:uid`, ({ request, params }) => {
      const auth = authenticateAdmin(request, ctx);
      if ('response' in auth) return auth.response;
      const uid = String(params.uid);
      const assembler = db.data.assemblers.find((candidate) => candidate.uid === uid);
      if (!assembler) return notFound(ASSEMBLER_NOT_FOUND);
      settleOrders(db);
      const orders = db.data.orders.filter((order) => order.ownerUid === uid);
      const devices = { online: 0, offline: 0, 'never-connected': 0, total: 0 };
      for (const device of db.data.devices) {
        if (device.ownerUid !== uid) continue;
        devices[device.status] += 1;
        devices.total += 1;
      }
      return HttpResponse.json(
        serialize({
          uid,
          name: assembler.name,
          cnpj: assembler.cnpj,
          email: assembler.email,
          createdAt: assembler.createdAt,
          orderCount: orders.length,
          openOrderCount: orders.filter((order) => isOrderOpen(order.status)).length,
          devices,
        }) as Record<string, unknown>,
      );
    }),
  ];
}
