/**
 * /webhook (issue 37, item 4): the account's signed webhooks (Configurações → "Webhooks"). Administrador writes
 * ('team'); Leitura reads ('team-read'); Técnico has none.
 *
 * - `GET /webhook`: the endpoints (never their secret), oldest first (at most MAX_WEBHOOK_ENDPOINTS).
 * - `POST /webhook` (Idempotency-Key): `{ url, events }`; the URL must be public HTTPS (webhooks/address.ts: 400 at
 *   `url`); answers the endpoint with its `secret` (`whsec_…`) — this once: a replay of the same key answers it
 *   without, and nothing else ever shows it. The secret is kept encrypted (SECRETS_KEY, AES-GCM).
 * - `PUT /webhook/{id}` (If-Match): URL, events, `enabled` (re-enabling clears the failure).
 * - `DELETE /webhook/{id}` (If-Match optional): the endpoint and its deliveries.
 * - `POST /webhook/{id}/rotate-secret`: a new secret, answered once; the old one stops signing at once.
 * - `POST /webhook/{id}/test` ("Enviar teste"): queues a `test` delivery (202, the delivery).
 * - `GET /webhook/{id}/delivery`: the endpoint's delivery log, newest first (page, perPage).
 * - `POST /webhook/delivery/{id}/resend` ("Reenviar"): a delivered or failed delivery is sent again (same event
 *   id, a new 24 h of retries); a pending one is 409; one of a disabled endpoint is 409.
 * Each change writes its audit entry in the same batch (never the secret).
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_MESSAGES,
  webhookCreateSchema,
  webhookUpdateSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@/contracts/webhooks';
import { apiRoute, type App } from '../../../shared/app';
import { ApiError, conflict, notFound, validationError } from '../../../shared/errors';
import { idempotentCreate } from '../../../shared/idempotency';
import { nextId } from '../../../shared/ids';
import { offsetOf, pageAnswer } from '../../../shared/list';
import { errorsOf, idempotencyHeaders, idParams, ifMatchHeaders, json, jsonBody, listQueryParams } from '../../../shared/openapi';
import { timestamp } from '../../../shared/time';
import { requestedVersion, requireVersion, versionConflict } from '../../../shared/versions';
import type { Db } from '../../../shared/app-env';
import type { Env } from '../../../shared/env';
import { auditInsert, auditInsertWhere } from '../../audit';
import { webhookDelivery, webhookEndpoint } from '../../db/webhook-schema';
import { openSecret, sealSecret } from '../payment-platforms/secrets';
import { checkWebhookUrl } from '../../webhooks/address';
import { deliveryRow, dispatchWebhooks } from '../../webhooks/deliver';
import { newWebhookSecret } from '../../webhooks/signature';
import {
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from './schemas';

const TAG = 'Webhooks';
type EndpointRow = typeof webhookEndpoint.$inferSelect;
type DeliveryRow = typeof webhookDelivery.$inferSelect;

const time = (ms: number | null) => (ms === null ? null : timestamp(ms));

export function endpointJson(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    failingSince: time(row.failingSince),
    disabledAt: time(row.disabledAt),
    createdAt: timestamp(row.createdAt),
    version: row.version,
  };
}

export function deliveryJson(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    durationMs: row.durationMs,
    createdAt: timestamp(row.createdAt),
    deliveredAt: time(row.deliveredAt),
    nextAttemptAt: row.status === 'pendente' ? time(row.nextAttemptAt) : null,
  };
}

const endpointNotFound = () => notFound(WEBHOOK_MESSAGES.notFound);

async function findEndpoint(db: Db, owner: string, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.ownerUid, owner), eq(webhookEndpoint.id, id)))
    .limit(1);
  if (!row) throw endpointNotFound();
  return row;
}

/** The URL checked as a delivery will check it (the host resolved): 400 at `url` when refused. */
async function allowedUrl(env: Env, text: string): Promise<string> {
  const checked = await checkWebhookUrl(env, text);
  if ('refusal' in checked) throw validationError(checked.refusal, 'url');
  return checked.url.href;
}

/** The fields the audit log keeps of an endpoint (never its secret). */
const audited = (row: Pick<EndpointRow, 'url' | 'events' | 'enabled'>) => ({ url: row.url, events: row.events, enabled: row.enabled });

/** The create's answer with its secret (the stored replay has none). */
async function withSecret(answer: Response, made: { id: string; secret: string } | null): Promise<Response> {
  if (!made || answer.status !== 201) return answer;
  const body = (await answer.clone().json()) as { id?: string };
  if (body.id !== made.id) return answer;
  return new Response(JSON.stringify({ ...body, secret: made.secret }), { status: 201, headers: answer.headers });
}

const secretAnswer = { ...json(webhookEndpointWithSecretSchema, 'O webhook, com o segredo (só nesta resposta).') };

export function webhookRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'team-read',
      method: 'get',
      path: '/webhook',
      tags: [TAG],
      summary: 'Os webhooks da conta (sem o segredo)',
      responses: { 200: json(webhookEndpointListSchema, 'Os webhooks.'), ...errorsOf([401, 403]) },
    }),
    async (c) => {
      const rows = await c.var.db
        .select()
        .from(webhookEndpoint)
        .where(eq(webhookEndpoint.ownerUid, c.var.principal.uid))
        .orderBy(asc(webhookEndpoint.createdAt), asc(webhookEndpoint.id));
      return c.json(pageAnswer(rows.map(endpointJson), { page: 1, perPage: MAX_WEBHOOK_ENDPOINTS }, rows.length) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'team',
      method: 'post',
      path: '/webhook',
      tags: [TAG],
      summary: 'Cria um webhook (o segredo vem só nesta resposta)',
      request: { headers: idempotencyHeaders, ...jsonBody(webhookCreateSchema) },
      responses: { 201: secretAnswer, ...errorsOf([400, 401, 403, 409, 422]) },
    }),
    async (c) => {
      let made: { id: string; secret: string } | null = null;
      const answer = await idempotentCreate(c, async () => {
        const { db, principal } = c.var;
        const input = c.req.valid('json');
        const url = await allowedUrl(c.env, input.url);
        const [existing] = await db
          .select({ total: count(), same: sql<number>`sum(${webhookEndpoint.url} = ${url})` })
          .from(webhookEndpoint)
          .where(eq(webhookEndpoint.ownerUid, principal.uid));
        if ((existing?.same ?? 0) > 0) throw conflict('duplicate', WEBHOOK_MESSAGES.duplicate, { field: 'url' });
        if ((existing?.total ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw conflict('too-many', WEBHOOK_MESSAGES.tooMany, { field: 'url' });
        const secret = newWebhookSecret();
        const sealed = await sealSecret(c.env.SECRETS_KEY, secret);
        const now = Date.now();
        const row: EndpointRow = {
          id: await nextId(db, 'webhook'),
          ownerUid: principal.uid,
          url,
          events: [...new Set(input.events)],
          secretCipher: sealed.secretKeyCipher,
          secretIv: sealed.secretKeyIv,
          enabled: true,
          failingSince: null,
          disabledAt: null,
          version: 1,
          createdAt: now,
          updatedAt: now,
        };
        made = { id: row.id, secret };
        return {
          status: 201,
          body: endpointJson(row),
          writes: [
            db.insert(webhookEndpoint).values(row),
            auditInsert(c, { kind: 'webhook.create', target: { kind: 'webhook', id: row.id, label: url }, before: null, after: audited(row), at: now }),
          ],
        };
      });
      return (await withSecret(answer, made)) as never;
    },
  );

  app.openapi(
    apiRoute({
      access: 'team',
      method: 'put',
      path: '/webhook/{id}',
      tags: [TAG],
      summary: 'Altera o endereço, os eventos ou se está ativo (If-Match: versão)',
      request: { params: idParams, headers: ifMatchHeaders, ...jsonBody(webhookUpdateSchema) },
      responses: {
        200: json(webhookEndpointSchema, 'Alterado.'),
        ...errorsOf([400, 401, 403, 404, 409, 428]),
      },
    }),
    async (c) => {
      const { db, principal } = c.var;
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const current = await findEndpoint(db, principal.uid, id);
      const version = requireVersion(c.req.raw, input);
      if (version !== current.version) throw versionConflict(endpointJson(current));
      const url = input.url.trim() === current.url ? current.url : await allowedUrl(c.env, input.url);
      if (url !== current.url) {
        const [same] = await db
          .select({ id: webhookEndpoint.id })
          .from(webhookEndpoint)
          .where(and(eq(webhookEndpoint.ownerUid, principal.uid), eq(webhookEndpoint.url, url)))
          .limit(1);
        if (same) throw conflict('duplicate', WEBHOOK_MESSAGES.duplicate, { field: 'url' });
      }
      const now = Math.max(Date.now(), current.updatedAt + 1);
      const reenabled = input.enabled && !current.enabled;
      const values = {
        url,
        events: [...new Set(input.events)],
        enabled: input.enabled,
        ...(reenabled ? { failingSince: null, disabledAt: null } : {}),
        version: version + 1,
        updatedAt: now,
      };
      const mine = and(eq(webhookEndpoint.ownerUid, principal.uid), eq(webhookEndpoint.id, id));
      const entry = auditInsertWhere(
        c,
        { kind: 'webhook.update', target: { kind: 'webhook', id, label: url }, before: audited(current), after: audited(values), at: now },
        sql`EXISTS (SELECT 1 FROM ${webhookEndpoint} WHERE owner_uid = ${principal.uid} AND id = ${id} AND version = ${version})`,
      );
      const update = db.update(webhookEndpoint).set(values).where(and(mine, eq(webhookEndpoint.version, version))).returning();
      const [, [written]] = await db.batch([entry, update]);
      if (!written) throw versionConflict(endpointJson(await findEndpoint(db, principal.uid, id)));
      return c.json(endpointJson(written) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'team',
      method: 'delete',
      path: '/webhook/{id}',
      tags: [TAG],
      summary: 'Exclui um webhook e o seu registro de entregas',
      request: { params: idParams, headers: ifMatchHeaders },
      responses: { 204: { description: 'Excluído.' }, ...errorsOf([401, 403, 404, 409]) },
    }),
    async (c) => {
      const { db, principal } = c.var;
      const { id } = c.req.valid('param');
      const current = await findEndpoint(db, principal.uid, id);
      const version = requestedVersion(c.req.raw, null);
      if (version !== null && version !== current.version) throw versionConflict(endpointJson(current));
      const still = sql`EXISTS (SELECT 1 FROM ${webhookEndpoint} WHERE owner_uid = ${principal.uid} AND id = ${id} AND version = ${current.version})`;
      await db.batch([
        auditInsertWhere(c, { kind: 'webhook.delete', target: { kind: 'webhook', id, label: current.url }, before: audited(current), after: null }, still),
        db.delete(webhookDelivery).where(and(eq(webhookDelivery.ownerUid, principal.uid), eq(webhookDelivery.endpointId, id), still)),
        db.delete(webhookEndpoint).where(and(eq(webhookEndpoint.ownerUid, principal.uid), eq(webhookEndpoint.id, id), eq(webhookEndpoint.version, current.version))),
      ]);
      return c.body(null, 204);
    },
  );

  app.openapi(
    apiRoute({
      access: 'team',
      method: 'post',
      path: '/webhook/{id}/rotate-secret',
      tags: [TAG],
      summary: 'Gera um novo segredo (mostrado só nesta resposta; o anterior deixa de valer)',
      request: { params: idParams },
      responses: { 200: secretAnswer, ...errorsOf([401, 403, 404]) },
    }),
    async (c) => {
      const { db, principal } = c.var;
      const { id } = c.req.valid('param');
      const current = await findEndpoint(db, principal.uid, id);
      const secret = newWebhookSecret();
      const sealed = await sealSecret(c.env.SECRETS_KEY, secret);
      const now = Math.max(Date.now(), current.updatedAt + 1);
      const [, [written]] = await db.batch([
        auditInsert(c, {
          kind: 'webhook.update',
          target: { kind: 'webhook', id, label: current.url },
          before: null,
          after: { assinatura: 'novo segredo gerado' },
          allFields: true,
          at: now,
        }),
        db
          .update(webhookEndpoint)
          .set({ secretCipher: sealed.secretKeyCipher, secretIv: sealed.secretKeyIv, version: sql`${webhookEndpoint.version} + 1`, updatedAt: now })
          .where(and(eq(webhookEndpoint.ownerUid, principal.uid), eq(webhookEndpoint.id, id)))
          .returning(),
      ]);
      if (!written) throw endpointNotFound();
      return c.json({ ...endpointJson(written), secret } as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'team',
      method: 'post',
      path: '/webhook/{id}/test',
      tags: [TAG],
      summary: 'Envia um evento de teste ("Enviar teste")',
      request: { params: idParams },
      responses: { 202: json(webhookDeliverySchema, 'A entrega de teste, na fila.'), ...errorsOf([401, 403, 404]) },
    }),
    async (c) => {
      const { db, principal } = c.var;
      const { id } = c.req.valid('param');
      const endpoint = await findEndpoint(db, principal.uid, id);
      const now = Date.now();
      const row = deliveryRow(principal.uid, endpoint.id, 'test', { message: 'Teste de webhook do Ponte IIoT.', webhookId: endpoint.id }, now);
      await db.insert(webhookDelivery).values(row);
      await dispatchWebhooks(c.env, [row.id]);
      const [after] = await db.select().from(webhookDelivery).where(eq(webhookDelivery.id, row.id)).limit(1);
      return c.json(deliveryJson(after ?? (row as DeliveryRow)) as never, 202);
    },
  );

  app.openapi(
    apiRoute({
      access: 'team-read',
      method: 'get',
      path: '/webhook/{id}/delivery',
      tags: [TAG],
      summary: 'O registro de entregas de um webhook (as mais novas primeiro)',
      request: { params: idParams, query: listQueryParams() },
      responses: { 200: json(webhookDeliveryListSchema, 'As entregas.'), ...errorsOf([401, 403, 404]) },
    }),
    async (c) => {
      const { db, principal } = c.var;
      const { id } = c.req.valid('param');
      await findEndpoint(db, principal.uid, id);
      const query = pageQuery(c.req.valid('query'));
      const mine = and(eq(webhookDelivery.ownerUid, principal.uid), eq(webhookDelivery.endpointId, id));
      const [rows, [total]] = await db.batch([
        db
          .select()
          .from(webhookDelivery)
          .where(mine)
          .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery.id))
          .limit(query.perPage)
          .offset(offsetOf(query)),
        db.select({ total: count() }).from(webhookDelivery).where(mine),
      ]);
      return c.json(pageAnswer(rows.map(deliveryJson), query, total?.total ?? 0) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'team',
      method: 'post',
      path: '/webhook/delivery/{id}/resend',
      tags: [TAG],
      summary: 'Reenvia uma entrega ("Reenviar": o mesmo id de evento, mais 24 h de tentativas)',
      request: { params: idParams },
      responses: { 200: json(webhookDeliverySchema, 'A entrega, na fila de novo.'), ...errorsOf([401, 403, 404, 409]) },
    }),
    async (c) => {
      const { db, principal } = c.var;
      const { id } = c.req.valid('param');
      const [found] = await db
        .select({ delivery: webhookDelivery, enabled: webhookEndpoint.enabled })
        .from(webhookDelivery)
        .innerJoin(webhookEndpoint, and(eq(webhookEndpoint.id, webhookDelivery.endpointId), eq(webhookEndpoint.ownerUid, principal.uid)))
        .where(and(eq(webhookDelivery.ownerUid, principal.uid), eq(webhookDelivery.id, id)))
        .limit(1);
      if (!found) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
      if (found.delivery.status === 'pendente') throw conflict('delivery-pending', WEBHOOK_MESSAGES.deliveryPending);
      if (!found.enabled && found.delivery.event !== 'test') throw conflict('webhook-disabled', WEBHOOK_MESSAGES.disabled);
      const now = Date.now();
      const [updated] = await db
        .update(webhookDelivery)
        .set({ status: 'pendente', firstAttemptAt: null, nextAttemptAt: now, lastError: null })
        .where(and(eq(webhookDelivery.ownerUid, principal.uid), eq(webhookDelivery.id, id), sql`${webhookDelivery.status} <> 'pendente'`))
        .returning();
      if (!updated) throw conflict('delivery-pending', WEBHOOK_MESSAGES.deliveryPending);
      await dispatchWebhooks(c.env, [id]);
      const [after] = await db.select().from(webhookDelivery).where(eq(webhookDelivery.id, id)).limit(1);
      return c.json(deliveryJson(after ?? updated) as never, 200);
    },
  );
}

/** page and perPage of the delivery log (10, 20, 50 or 100 a page; 20 by default). */
function pageQuery(params: Record<string, string | undefined>): { page: number; perPage: number } {
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.page ?? '1', 10) || 1));
  const asked = Number.parseInt(params.perPage ?? '20', 10);
  return { page, perPage: [10, 20, 50, 100].includes(asked) ? asked : 20 };
}

/** The endpoint's secret in clear (the demo's receiver checks signatures with it). */
export async function endpointSecret(env: Env, row: Pick<EndpointRow, 'secretCipher' | 'secretIv'>): Promise<string | null> {
  try {
    return await openSecret(env.SECRETS_KEY, { secretKeyCipher: row.secretCipher, secretKeyIv: row.secretIv });
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

