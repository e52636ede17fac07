/**
 * Payment methods.
 *
 * - Staff (`/backoffice/payment-method`): list (search over name, kind and platform; filters `status`, `kind`,
 *   `platform`; sort name, kind, platform, maxInstallments, createdAt), get, create (Idempotency-Key), update
 *   (If-Match), enable, disable, delete. A method is created on (or moved to) an enabled platform only, and can be
 *   enabled only while its platform is; orders awaiting payment with it keep it from being deleted.
 * - Portal (`GET /payment-method`, 'read'): what the checkout offers — enabled methods on enabled platforms.
 */
import { and, eq, notExists, sql } from 'drizzle-orm';
import {
  methodHasUnpaidOrdersMessage,
  paymentMethodInputSchema,
  paymentMethodListQuery,
  PAYMENT_METHOD_MESSAGES,
} from '@/contracts/payment-method';
import { apiRoute, type App } from '../../../shared/app';
import type { Db } from '../../../shared/app-env';
import { ApiError, notFound } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import { idempotentCreate } from '../../../shared/idempotency';
import { pageAnswer } from '../../../shared/list';
import { errors, errorsOf, idParams, ifMatchHeaders, json } from '../../../shared/openapi';
import { createRoute, deleteRoute, getRoute, listRoute, updateRoute } from '../../../shared/resource-routes';
import { serialize } from '../../../shared/time';
import { deleteVersioned, updateVersioned, versionIs, type VersionedTarget } from '../../../shared/versioned';
import { requireVersion, versionConflict } from '../../../shared/versions';
import { purchaseOrder } from '../../db/commerce-schema';
import { paymentMethod } from '../../db/payments-schema';
import { nextUpdatedAt, optionalVersion } from '../payment-platforms/managed';
import { checkEnable, checkPlatform } from './checks';
import { checkoutMethods, findMethod, findPlatformState, listMethods, methodColumns, methodJson, unpaidOrdersOf } from './queries';
import { checkoutPaymentMethodPageSchema, paymentMethodPageSchema, paymentMethodSchema } from './schemas';

const TAG = 'Métodos de pagamento';
const BASE = '/backoffice/payment-method';

/** A guarded write on the method that changed nothing: 409 with it as it is now, or 404. */
const methodTarget = (db: Db, id: string): VersionedTarget => ({
  current: () => findMethod(db, id),
  notFound: PAYMENT_METHOD_MESSAGES.notFound,
});

export function paymentMethodRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/payment-method',
      tags: [TAG],
      summary: 'Os métodos de pagamento que o checkout oferece',
      responses: { 200: json(checkoutPaymentMethodPageSchema, 'Os métodos, por nome.'), 401: errors[401] },
    }),
    async (c) => {
      const data = await checkoutMethods(c.var.db);
      return c.json({ data, meta: { page: 1, perPage: Math.max(1, data.length), total: data.length } } as never, 200);
    },
  );

  app.openapi(
    listRoute({
      path: BASE, tag: TAG, access: 'staff',
      summary: 'Lista os métodos de pagamento',
      page: paymentMethodPageSchema, description: 'Uma página de métodos.', filters: ['status', 'kind', 'platform'], errors: [401, 403],
    }),
    async (c) => {
      const query = paymentMethodListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listMethods(c.var.db, query);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );

  app.openapi(
    getRoute({
      path: `${BASE}/{id}`, tag: TAG, access: 'staff',
      summary: 'Um método de pagamento',
      item: paymentMethodSchema, description: 'O método.', errors: [401, 403, 404],
    }),
    async (c) => {
      const found = await findMethod(c.var.db, c.req.valid('param').id);
      if (!found) throw notFound(PAYMENT_METHOD_MESSAGES.notFound);
      return c.json(serialize(found) as never, 200);
    },
  );

  app.openapi(
    createRoute({
      path: BASE, tag: TAG, access: 'staff',
      summary: 'Cria um método de pagamento (numa plataforma ativa)',
      input: paymentMethodInputSchema, item: paymentMethodSchema, description: 'Criado.',
    }),
    (c) =>
      idempotentCreate(c, async () => {
        const input = c.req.valid('json');
        const { db } = c.var;
        await checkPlatform(db, input, null);
        const platform = await findPlatformState(db, input.platformId);
        const now = Date.now();
        const row = {
          id: await nextId(db, 'payment-method'),
          name: input.name,
          kind: input.kind,
          platformId: input.platformId,
          enabled: input.enabled,
          maxInstallments: input.maxInstallments,
          ...methodColumns(input),
          version: 1,
          createdAt: now,
          updatedAt: now,
        };
        const body = serialize(methodJson(row, { name: platform?.name ?? '', enabled: platform?.enabled ?? false }, 0));
        return { status: 201, body, writes: [db.insert(paymentMethod).values(row)] };
      }),
  );

  app.openapi(
    updateRoute({
      path: `${BASE}/{id}`, tag: TAG, access: 'staff',
      summary: 'Altera um método de pagamento (If-Match)',
      input: paymentMethodInputSchema, item: paymentMethodSchema, description: 'Alterado.',
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const { db } = c.var;
      const current = await findMethod(db, id);
      if (!current) throw notFound(PAYMENT_METHOD_MESSAGES.notFound);
      const version = requireVersion(c.req.raw, await c.req.json());
      if (version !== current.version) throw versionConflict(current);
      await checkPlatform(db, input, current);
      await updateVersioned(
        db
          .update(paymentMethod)
          .set({
            name: input.name,
            kind: input.kind,
            platformId: input.platformId,
            enabled: input.enabled,
            maxInstallments: input.maxInstallments,
            ...methodColumns(input),
            version: sql`${paymentMethod.version} + 1`,
            updatedAt: nextUpdatedAt(current.updatedAt),
          })
          .where(and(eq(paymentMethod.id, id), eq(paymentMethod.version, version)))
          .returning({ id: paymentMethod.id }),
        methodTarget(db, id),
      );
      return c.json(serialize(await findMethod(db, id)) as never, 200);
    },
  );

  for (const enabled of [true, false]) {
    app.openapi(
      apiRoute({
        access: 'staff',
        method: 'post',
        path: `${BASE}/{id}/${enabled ? 'enable' : 'disable'}`,
        tags: [TAG],
        summary: enabled ? 'Ativa um método (com a plataforma ativa)' : 'Desativa um método (o checkout deixa de oferecê-lo)',
        request: { params: idParams, headers: ifMatchHeaders },
        responses: { 200: json(paymentMethodSchema, 'O método.'), ...errorsOf([401, 403, 404, 409, 428]) },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const { db } = c.var;
        const current = await findMethod(db, id);
        if (!current) throw notFound(PAYMENT_METHOD_MESSAGES.notFound);
        if (current.enabled === enabled) return c.json(serialize(current) as never, 200);
        const version = optionalVersion(c.req.raw);
        if (version !== null && version !== current.version) throw versionConflict(current);
        if (enabled) await checkEnable(db, current.platformId);
        await updateVersioned(
          db
            .update(paymentMethod)
            .set({ enabled, version: sql`${paymentMethod.version} + 1`, updatedAt: nextUpdatedAt(current.updatedAt) })
            .where(and(eq(paymentMethod.id, id), eq(paymentMethod.version, current.version)))
            .returning({ id: paymentMethod.id }),
          methodTarget(db, id),
        );
        return c.json(serialize(await findMethod(db, id)) as never, 200);
      },
    );
  }

  app.openapi(
    deleteRoute({
      path: `${BASE}/{id}`, tag: TAG, access: 'staff',
      summary: 'Exclui um método sem pedidos aguardando pagamento',
      description: 'Excluído.', errors: [401, 403, 404, 409, 428],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var;
      const current = await findMethod(db, id);
      if (!current) throw notFound(PAYMENT_METHOD_MESSAGES.notFound);
      const version = optionalVersion(c.req.raw);
      if (version !== null && version !== current.version) throw versionConflict(current);
      if (current.unpaidOrderCount > 0) {
        throw new ApiError(409, 'has-dependents', methodHasUnpaidOrdersMessage(current.unpaidOrderCount));
      }
      const unpaid = db
        .select({ id: purchaseOrder.id })
        .from(purchaseOrder)
        .where(and(eq(purchaseOrder.paymentMethodId, id), eq(purchaseOrder.status, 'aguardando-pagamento')));
      const deleted = db
        .delete(paymentMethod)
        .where(and(eq(paymentMethod.id, id), versionIs(paymentMethod.version, version), notExists(unpaid)))
        .returning({ id: paymentMethod.id });
      await deleteVersioned(deleted, {
        ...methodTarget(db, id),
        current: async () => {
          const n = await unpaidOrdersOf(db, id);
          if (n > 0) throw new ApiError(409, 'has-dependents', methodHasUnpaidOrdersMessage(n));
          return findMethod(db, id);
        },
      });
      return c.body(null, 204);
    },
  );
}
