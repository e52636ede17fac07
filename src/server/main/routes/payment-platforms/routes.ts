/**
 * /backoffice/payment-platform (staff): the accounts at payment providers. List (search over name and provider;
 * filter `status=enabled|disabled`; sort name, provider, environment, createdAt), get, create (Idempotency-Key),
 * update (If-Match), enable, disable (its enabled methods too, in one batch), delete (409 while methods use it).
 * The secret key is write-only and encrypted at rest (secrets.ts): required on create, kept on update unless a new
 * one is sent, answered only as `hasSecretKey` and `secretKeyLast4`.
 */
import { and, eq, notExists, sql } from 'drizzle-orm';
import {
  paymentPlatformCreateSchema,
  paymentPlatformListQuery,
  paymentPlatformUpdateSchema,
  PAYMENT_PLATFORM_MESSAGES,
  platformHasMethodsMessage,
} from '@/contracts/payment-platform';
import { apiRoute, type App } from '../../../shared/app';
import { ApiError, notFound } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import { idempotentCreate } from '../../../shared/idempotency';
import { pageAnswer } from '../../../shared/list';
import { errors, errorSchema, errorsOf, idempotencyHeaders, idParams, ifMatchHeaders, json, jsonBody } from '../../../shared/openapi';
import { deleteRoute, getRoute, listRoute } from '../../../shared/resource-routes';
import { serialize } from '../../../shared/time';
import { deleteVersioned, updateVersioned, versionIs } from '../../../shared/versioned';
import { requireVersion, versionConflict } from '../../../shared/versions';
import { paymentMethod, paymentPlatform } from '../../db/payments-schema';
import { platformSwitchRoutes, platformTarget } from './switch-routes';
import { nextUpdatedAt, optionalVersion } from './managed';
import { findPlatform, findPlatformRow, listPlatforms, methodCountOf, platformColumns, platformJson, platformJsonOf } from './queries';
import { paymentPlatformPageSchema, paymentPlatformSchema } from './schemas';
import { sealSecret } from './secrets';

const TAG = 'Plataformas de pagamento';
export const BASE = '/backoffice/payment-platform';
const writeErrors = {
  ...errorsOf([400, 401, 403, 409]),
  503: json(errorSchema, 'Chave de criptografia não configurada (SECRETS_KEY).'),
};

export function paymentPlatformRoutes(app: App) {
  app.openapi(
    listRoute({
      path: BASE, tag: TAG, access: 'staff',
      summary: 'Lista as plataformas de pagamento',
      page: paymentPlatformPageSchema, description: 'Uma página de plataformas.', filters: ['status'], errors: [401, 403],
    }),
    async (c) => {
      const query = paymentPlatformListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listPlatforms(c.var.db, query);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );

  app.openapi(
    getRoute({
      path: `${BASE}/{id}`, tag: TAG, access: 'staff',
      summary: 'Uma plataforma de pagamento',
      item: paymentPlatformSchema, description: 'A plataforma.', errors: [401, 403, 404],
    }),
    async (c) => {
      const found = await findPlatform(c.var.db, c.req.valid('param').id);
      if (!found) throw notFound(PAYMENT_PLATFORM_MESSAGES.notFound);
      return c.json(serialize(found) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'post',
      path: BASE,
      tags: [TAG],
      summary: 'Cria uma plataforma de pagamento (ativa)',
      request: { headers: idempotencyHeaders, ...jsonBody(paymentPlatformCreateSchema) },
      responses: { 201: json(paymentPlatformSchema, 'Criada.'), ...writeErrors, 422: errors[422] },
    }),
    (c) =>
      idempotentCreate(c, async () => {
        const input = c.req.valid('json');
        const { db } = c.var;
        const sealed = await sealSecret(c.env.SECRETS_KEY, input.secretKey);
        const now = Date.now();
        const row = {
          id: await nextId(db, 'payment-platform'),
          name: input.name,
          provider: input.provider,
          environment: input.environment,
          publicKey: input.publicKey,
          ...sealed,
          // New platforms start enabled: a method can be put on them right away.
          enabled: true,
          ...platformColumns(input),
          version: 1,
          createdAt: now,
          updatedAt: now,
        };
        return { status: 201, body: serialize(platformJson(row, [])), writes: [db.insert(paymentPlatform).values(row)] };
      }),
  );

  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'put',
      path: `${BASE}/{id}`,
      tags: [TAG],
      summary: 'Altera uma plataforma (If-Match; chave secreta em branco mantém a atual)',
      request: { params: idParams, headers: ifMatchHeaders, ...jsonBody(paymentPlatformUpdateSchema) },
      responses: { 200: json(paymentPlatformSchema, 'Alterada.'), ...writeErrors, 404: errors[404], 428: errors[428] },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const { db } = c.var;
      const current = await findPlatformRow(db, id);
      if (!current) throw notFound(PAYMENT_PLATFORM_MESSAGES.notFound);
      const version = requireVersion(c.req.raw, await c.req.json());
      if (version !== current.version) throw versionConflict(await platformJsonOf(db, current));
      // Blank keeps the stored key: the form never holds it.
      const sealed = input.secretKey === '' ? {} : await sealSecret(c.env.SECRETS_KEY, input.secretKey);
      const updated = await updateVersioned(
        db
          .update(paymentPlatform)
          .set({
            name: input.name,
            provider: input.provider,
            environment: input.environment,
            publicKey: input.publicKey,
            ...sealed,
            ...platformColumns(input),
            version: sql`${paymentPlatform.version} + 1`,
            updatedAt: nextUpdatedAt(current.updatedAt),
          })
          .where(and(eq(paymentPlatform.id, id), eq(paymentPlatform.version, version)))
          .returning(),
        platformTarget(db, id),
      );
      return c.json(serialize(await platformJsonOf(db, updated)) as never, 200);
    },
  );

  platformSwitchRoutes(app, TAG);

  app.openapi(
    deleteRoute({
      path: `${BASE}/{id}`, tag: TAG, access: 'staff',
      summary: 'Exclui uma plataforma sem métodos de pagamento',
      description: 'Excluída.',
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var;
      const current = await findPlatform(db, id);
      if (!current) throw notFound(PAYMENT_PLATFORM_MESSAGES.notFound);
      const version = optionalVersion(c.req.raw);
      if (version !== null && version !== current.version) throw versionConflict(current);
      if (current.methods.length > 0) throw new ApiError(409, 'has-dependents', platformHasMethodsMessage(current.methods.length));
      // One statement: a method put on it meanwhile keeps the platform.
      const deleted = db
        .delete(paymentPlatform)
        .where(
          and(
            eq(paymentPlatform.id, id),
            versionIs(paymentPlatform.version, version),
            notExists(db.select({ id: paymentMethod.id }).from(paymentMethod).where(eq(paymentMethod.platformId, id))),
          ),
        )
        .returning({ id: paymentPlatform.id });
      await deleteVersioned(deleted, {
        ...platformTarget(db, id),
        current: async () => {
          const n = await methodCountOf(db, id);
          if (n > 0) throw new ApiError(409, 'has-dependents', platformHasMethodsMessage(n));
          return findPlatform(db, id);
        },
      });
      return c.body(null, 204);
    },
  );
}
