/**
 * /backoffice/payment-platform (staff only: 403 for a customer's token): the accounts at payment providers.
 *
 * - `GET` list (search over name and provider; filter `status=enabled|disabled`; sort name, provider, environment,
 *   createdAt), `GET /:id`, `POST` (Idempotency-Key), `PUT /:id` (If-Match), `DELETE /:id` (409 while methods use it).
 * - `POST /:id/enable`; `POST /:id/disable` also disables its enabled methods (the back office says which first).
 * - The secret key is write-only: required on create, kept on update unless a new one is sent, and never answered
 *   (`platformJson` lists what leaves: `hasSecretKey` and `secretKeyLast4`, never the key).
 */
import { http } from 'msw';
import {
  paymentPlatformCreateSchema,
  paymentPlatformListQuery,
  paymentPlatformUpdateSchema,
  PAYMENT_PLATFORM_MESSAGES,
  platformHasMethodsMessage,
  secretKeyLast4,
  type PaymentPlatformCreateInput,
  type PaymentPlatformUpdateInput,
} from '@/contracts/payment-platform';
import { list } from '@/testing/fake-api/collection';
import type { DemoDb } from '@/testing/fake-api/db';
import { adminOnly, type HandlerContext } from '@/testing/fake-api/http';
import {
  createManaged,
  deleteManaged,
  enabledSwitch,
  getManaged,
  switchManaged,
  touchManaged,
  updateManaged,
  type ManagedSpec,
} from '@/testing/fake-api/managed-collection';
import type { PaymentPlatformRecord } from '@/seed/payment-platforms/records';

/** Everything of a platform that may leave the server: named one by one, so the secret key never does. */
export function platformJson(db: DemoDb, record: PaymentPlatformRecord) {
  return {
    id: record.id,
    name: record.name,
    provider: record.provider,
    environment: record.environment,
    publicKey: record.publicKey,
    hasSecretKey: record.secretKey !== '',
    secretKeyLast4: secretKeyLast4(record.secretKey),
    enabled: record.enabled,
    methods: db.data.paymentMethods
      .filter((method) => method.platformId === record.id)
      .map((method) => ({ id: method.id, name: method.name, enabled: method.enabled })),
    version: record.version,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

export function paymentPlatformHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  const base = `${apiUrl}/backoffice/payment-platform`;

  const spec: ManagedSpec<PaymentPlatformRecord> = {
    kind: 'payment-platform',
    notFoundMessage: PAYMENT_PLATFORM_MESSAGES.notFound,
    records: (current) => current.data.paymentPlatforms,
    toJson: (record) => platformJson(db, record),
  };

  const methodsOf = (platform: PaymentPlatformRecord) => db.data.paymentMethods.filter((method) => method.platformId === platform.id);

  return [
    http.get(base, adminOnly(ctx, ({ request }) => {
      return list(db.data.paymentPlatforms, {
        query: paymentPlatformListQuery.parse(new URL(request.url).searchParams),
        searchFields: ['name', 'provider'],
        filters: { status: (platform, status) => platform.enabled === (status === 'enabled') },
        sorts: {
          name: (platform) => platform.name,
          provider: (platform) => platform.provider,
          environment: (platform) => platform.environment,
          createdAt: (platform) => platform.createdAt,
        },
        toJson: (platform) => platformJson(db, platform),
      });
    })),

    http.get(`${base}/:id`, adminOnly(ctx, ({ params }) => getManaged(ctx, String(params.id), spec))),

    http.post(base, adminOnly(ctx, ({ request, principal }) => {
      return createManaged(request, ctx, principal, {
        ...spec,
        schema: paymentPlatformCreateSchema,
        // New platforms start enabled: a method can be put on them right away.
        build: (input: PaymentPlatformCreateInput, now) => ({ ...input, enabled: true, createdAt: now }),
      });
    })),

    http.put(`${base}/:id`, adminOnly(ctx, ({ request, params }) => {
      return updateManaged(request, ctx, String(params.id), {
        ...spec,
        schema: paymentPlatformUpdateSchema,
        apply(record, input: PaymentPlatformUpdateInput) {
          record.name = input.name;
          record.provider = input.provider;
          record.environment = input.environment;
          record.publicKey = input.publicKey;
          // Blank keeps the stored key: the form never holds it.
          if (input.secretKey !== '') record.secretKey = input.secretKey;
        },
      });
    })),

    http.post(`${base}/:id/enable`, adminOnly(ctx, ({ request, params }) => {
      // Its methods stay as they are: the staff enable the ones that should be offered again.
      return switchManaged(request, ctx, String(params.id), { ...spec, ...enabledSwitch(true) });
    })),

    http.post(`${base}/:id/disable`, adminOnly(ctx, ({ request, params }) => {
      return switchManaged(request, ctx, String(params.id), {
        ...spec,
        unchanged: (record) => !record.enabled,
        change(record) {
          record.enabled = false;
          for (const method of methodsOf(record)) {
            if (!method.enabled) continue;
            method.enabled = false;
            touchManaged(method);
          }
          return null;
        },
      });
    })),

    http.delete(`${base}/:id`, adminOnly(ctx, ({ request, params }) => {
      return deleteManaged(request, ctx, String(params.id), {
        ...spec,
        dependents(record) {
          const count = methodsOf(record).length;
          return count > 0 ? platformHasMethodsMessage(count) : null;
        },
      });
    })),
  ];
}
