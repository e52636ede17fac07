/**
 * Payment methods.
 *
 * - Staff (`/backoffice/payment-method`, 403 for a customer's token): list (search over name, kind and platform;
 *   filters `status`, `kind`, `platform`; sort name, kind, platform, maxInstallments, createdAt), `GET /:id`, `POST`
 *   (Idempotency-Key), `PUT /:id` (If-Match), `POST /:id/enable`, `POST /:id/disable`, `DELETE /:id`.
 *   A method is created on (or moved to) an enabled platform only, and can be enabled only while its platform is;
 *   orders awaiting payment with it keep it from being deleted (it can still be disabled).
 * - Portal (`GET /payment-method`, any signed-in builder): what the checkout offers — the enabled methods whose
 *   platform is enabled, with nothing of the platform but the method's own fields.
 */
import { http, HttpResponse } from 'msw';
import {
  methodHasUnpaidOrdersMessage,
  paymentMethodInputSchema,
  paymentMethodListQuery,
  PAYMENT_KIND_LABELS,
  PAYMENT_METHOD_MESSAGES,
  platformDisabledMessage,
  platformNotEnabledMessage,
  type CheckoutPaymentMethod,
  type PaymentMethodInput,
} from '@/contracts/payment-method';
import { list } from '@/testing/fake-api/collection';
import type { DemoDb } from '@/testing/fake-api/db';
import { adminOnly, apiError, authenticate, validationError, type HandlerContext } from '@/testing/fake-api/http';
import {
  createManaged,
  deleteManaged,
  enabledSwitch,
  findManaged,
  getManaged,
  switchManaged,
  updateManaged,
  type ManagedSpec,
} from '@/testing/fake-api/managed-collection';
import type { PaymentPlatformRecord } from '@/seed/payment-platforms/records';
import type { PaymentMethodRecord } from '@/seed/payment-methods/records';

/** Orders awaiting payment with this method (any builder's). */
export function unpaidOrderCount(db: DemoDb, methodId: string): number {
  return db.data.orders.filter((order) => order.status === 'aguardando-pagamento' && order.paymentMethodId === methodId).length;
}

function platformOf(db: DemoDb, method: Pick<PaymentMethodRecord, 'platformId'>): PaymentPlatformRecord | undefined {
  return findManaged(db.data.paymentPlatforms, method.platformId);
}

function methodJson(db: DemoDb, record: PaymentMethodRecord) {
  const platform = platformOf(db, record);
  return {
    id: record.id,
    name: record.name,
    kind: record.kind,
    platformId: record.platformId,
    platformName: platform?.name ?? '',
    platformEnabled: platform?.enabled ?? false,
    enabled: record.enabled,
    maxInstallments: record.maxInstallments,
    unpaidOrderCount: unpaidOrderCount(db, record.id),
    version: record.version,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** The methods the checkout offers now, by name. */
export function checkoutPaymentMethods(db: DemoDb): CheckoutPaymentMethod[] {
  return db.data.paymentMethods
    .filter((method) => method.enabled && platformOf(db, method)?.enabled === true)
    .map((method) => ({
      id: method.id,
      name: method.name,
      kind: method.kind,
      maxInstallments: method.maxInstallments,
      publicKey: platformOf(db, method)?.publicKey ?? '',
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

export function paymentMethodHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  const base = `${apiUrl}/backoffice/payment-method`;

  const spec: ManagedSpec<PaymentMethodRecord> = {
    kind: 'payment-method',
    notFoundMessage: PAYMENT_METHOD_MESSAGES.notFound,
    records: (current) => current.data.paymentMethods,
    toJson: (record) => methodJson(db, record),
  };

  /** The platform rules of a create or an update: it exists; a new one is enabled; an enabled method needs it enabled. */
  const check = (input: PaymentMethodInput, current: PaymentMethodRecord | null): Response | null => {
    const platform = platformOf(db, input);
    if (!platform) return validationError(PAYMENT_METHOD_MESSAGES.platformNotFound, 'platformId');
    const choosing = current === null || current.platformId !== input.platformId;
    if (choosing && !platform.enabled) return validationError(platformNotEnabledMessage(platform.name), 'platformId');
    if (input.enabled && !platform.enabled) {
      return apiError(409, 'platform-disabled', platformDisabledMessage(platform.name), { field: 'enabled' });
    }
    return null;
  };

  return [
    http.get(`${apiUrl}/payment-method`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const data = checkoutPaymentMethods(db);
      return HttpResponse.json({ data, meta: { page: 1, perPage: Math.max(1, data.length), total: data.length } });
    }),

    http.get(base, adminOnly(ctx, ({ request }) => {
      const platformName = (method: PaymentMethodRecord) => platformOf(db, method)?.name ?? '';
      return list(db.data.paymentMethods, {
        query: paymentMethodListQuery.parse(new URL(request.url).searchParams),
        searchFields: ['name', (method) => PAYMENT_KIND_LABELS[method.kind], platformName],
        filters: {
          status: (method, status) => method.enabled === (status === 'enabled'),
          kind: (method, kind) => method.kind === kind,
          platform: (method, platformId) => method.platformId === platformId,
        },
        sorts: {
          name: (method) => method.name,
          kind: (method) => PAYMENT_KIND_LABELS[method.kind],
          platform: platformName,
          maxInstallments: (method) => method.maxInstallments,
          createdAt: (method) => method.createdAt,
        },
        toJson: (method) => methodJson(db, method),
      });
    })),

    http.get(`${base}/:id`, adminOnly(ctx, ({ params }) => getManaged(ctx, String(params.id), spec))),

    http.post(base, adminOnly(ctx, ({ request, principal }) => {
      return createManaged(request, ctx, principal, {
        ...spec,
        schema: paymentMethodInputSchema,
        check,
        build: (input: PaymentMethodInput, now) => ({ ...input, createdAt: now }),
      });
    })),

    http.put(`${base}/:id`, adminOnly(ctx, ({ request, params }) => {
      return updateManaged(request, ctx, String(params.id), {
        ...spec,
        schema: paymentMethodInputSchema,
        check,
        apply(record, input: PaymentMethodInput) {
          Object.assign(record, input);
        },
      });
    })),

    http.post(`${base}/:id/enable`, adminOnly(ctx, ({ request, params }) => {
      return switchManaged(request, ctx, String(params.id), {
        ...spec,
        unchanged: (record) => record.enabled,
        change(record) {
          const platform = platformOf(db, record);
          if (!platform) return apiError(409, 'platform-disabled', PAYMENT_METHOD_MESSAGES.platformNotFound);
          if (!platform.enabled) return apiError(409, 'platform-disabled', platformDisabledMessage(platform.name));
          record.enabled = true;
          return null;
        },
      });
    })),

    http.post(`${base}/:id/disable`, adminOnly(ctx, ({ request, params }) => {
      // Orders awaiting payment with it keep their charge; the checkout stops offering it.
      return switchManaged(request, ctx, String(params.id), { ...spec, ...enabledSwitch(false) });
    })),

    http.delete(`${base}/:id`, adminOnly(ctx, ({ request, params }) => {
      return deleteManaged(request, ctx, String(params.id), {
        ...spec,
        dependents(record) {
          const count = unpaidOrderCount(db, record.id);
          return count > 0 ? methodHasUnpaidOrdersMessage(count) : null;
        },
      });
    })),
  ];
}
