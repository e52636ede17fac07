/**
 * The demo's own webhook receiver (issue 37, item 6; demo mode only, 404 elsewhere like every /demo route, hidden
 * from the OpenAPI document). The demo seed's webhook points here (`DEMO_WEBHOOK_RECEIVER_URL`/<account>).
 *
 * - `POST /demo/webhook-receiver/{account}` (public: the webhooks' consumer posts here, signed): keeps what came —
 *   the headers (the signature among them) and the raw body — and whether the signature is valid for the secret of
 *   one of the account's webhooks pointing here ("assinatura válida" / "inválida"). The last 100 per account are
 *   kept. An account with no webhook pointing here is 404.
 * - `GET /demo/webhook-receiver` (Administrador, Leitura): what the signed-in account's receiver got, newest first.
 */
import { z } from '@hono/zod-openapi';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { WEBHOOK_HEADERS } from '@/contracts/webhooks';
import { isDemo } from '../../../demo/mode';
import { apiRoute, type App } from '../../../shared/app';
import type { AppEnv } from '../../../shared/app-env';
import { notFound } from '../../../shared/errors';
import { errors, errorsOf, json } from '../../../shared/openapi';
import { timestamp } from '../../../shared/time';
import { demoWebhookReceipt, webhookEndpoint } from '../../db/webhook-schema';
import { demoReceiverUrl } from '../../webhooks/address';
import { verifyWebhookSignature } from '../../webhooks/signature';
import { endpointSecret } from './routes';
import { demoWebhookReceiptSchema } from './schemas';

const TAG = 'Demonstração';
const KEPT_PER_ACCOUNT = 100;
const KEPT_HEADERS = ['content-type', 'user-agent', ...Object.values(WEBHOOK_HEADERS).map((name) => name.toLowerCase())];

const demoOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isDemo(c.env)) return c.notFound();
  await next();
};

const accountParams = z.object({ account: z.string().min(1).max(128).openapi({ param: { name: 'account', in: 'path' } }) });

export function demoWebhookReceiverRoutes(app: App) {
  for (const path of ['/demo/webhook-receiver', '/demo/webhook-receiver/:account']) app.use(path, demoOnly);

  app.openapi(
    apiRoute({
      access: 'public',
      method: 'post',
      path: '/demo/webhook-receiver/{account}',
      hide: true,
      tags: [TAG],
      summary: 'O receptor de webhooks da demonstração (guarda o que recebeu)',
      request: { params: accountParams },
      responses: { 200: json(z.object({ received: z.boolean(), signatureValid: z.boolean() }), 'Recebido.'), 404: errors[404] },
    }),
    async (c) => {
      const { account } = c.req.valid('param');
      const { db } = c.var;
      const receiver = demoReceiverUrl(c.env);
      if (!receiver) throw notFound();
      const base = `${receiver.href.replace(/\/+$/, '')}/`;
      const endpoints = await db
        .select({ secretCipher: webhookEndpoint.secretCipher, secretIv: webhookEndpoint.secretIv })
        .from(webhookEndpoint)
        .where(and(eq(webhookEndpoint.ownerUid, account), sql`substr(${webhookEndpoint.url}, 1, ${base.length}) = ${base}`));
      if (endpoints.length === 0) throw notFound();
      const body = await c.req.text();
      const signature = c.req.header(WEBHOOK_HEADERS.signature) ?? null;
      const nowSeconds = Math.floor(Date.now() / 1000);
      let signatureValid = false;
      for (const endpoint of endpoints) {
        const secret = await endpointSecret(c.env, endpoint);
        if (secret && (await verifyWebhookSignature(secret, body, signature, nowSeconds))) signatureValid = true;
      }
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = c.req.header(name);
        if (value !== undefined) headers[name] = value.slice(0, 500);
      }
      const now = Date.now();
      const id = `receipt-${now}-${crypto.randomUUID().slice(0, 8)}`;
      await db.batch([
        db.insert(demoWebhookReceipt).values({
          id,
          accountUid: account,
          eventId: c.req.header(WEBHOOK_HEADERS.eventId)?.slice(0, 100) ?? null,
          event: c.req.header(WEBHOOK_HEADERS.event)?.slice(0, 100) ?? null,
          signature: signature?.slice(0, 500) ?? null,
          signatureValid,
          headers,
          body: body.slice(0, 64_000),
          receivedAt: now,
        }),
        // Only the newest KEPT_PER_ACCOUNT stay.
        db.delete(demoWebhookReceipt).where(
          and(
            eq(demoWebhookReceipt.accountUid, account),
            lt(
              demoWebhookReceipt.receivedAt,
              sql`coalesce((SELECT received_at FROM demo_webhook_receipt WHERE account_uid = ${account} ORDER BY received_at DESC LIMIT 1 OFFSET ${KEPT_PER_ACCOUNT - 1}), 0)`,
            ),
          ),
        ),
      ]);
      return c.json({ received: true, signatureValid }, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'team-read',
      method: 'get',
      path: '/demo/webhook-receiver',
      hide: true,
      tags: [TAG],
      summary: 'O que o receptor de webhooks da demonstração recebeu para a conta',
      responses: { 200: json(z.object({ data: z.array(demoWebhookReceiptSchema) }), 'O que chegou, os mais novos primeiro.'), ...errorsOf([401, 403]) },
    }),
    async (c) => {
      const rows = await c.var.db
        .select()
        .from(demoWebhookReceipt)
        .where(eq(demoWebhookReceipt.accountUid, c.var.principal.uid))
        .orderBy(desc(demoWebhookReceipt.receivedAt), desc(demoWebhookReceipt.id))
        .limit(KEPT_PER_ACCOUNT);
      return c.json(
        {
          data: rows.map((row) => ({
            id: row.id,
            eventId: row.eventId,
            event: row.event,
            signature: row.signature,
            signatureValid: row.signatureValid,
            headers: row.headers,
            body: row.body,
            receivedAt: timestamp(row.receivedAt),
          })),
        },
        200,
      );
    },
  );
}

