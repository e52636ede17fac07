/**
 * /hub (staff): list, get, create (`Idempotency-Key`), change (`PATCH`, If-Match), `POST /hub/{id}/credential`
 * (a new credential, shown once; the previous one stops working at once) and `POST /hub/{id}/gateway` (move a
 * gateway to this hub: its new configuration file is needed). The hub's own routes are in ./hub-routes.ts.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { HUB_MESSAGES } from '@/contracts/hub';
import { apiRoute, type App } from '../../../shared/app';
import type { Db } from '../../../shared/app-env';
import { conflict, notFound } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import { idempotentCreate } from '../../../shared/idempotency';
import { errors, errorsOf, idParams, ifMatchHeaders, json, jsonBody } from '../../../shared/openapi';
import { createRoute, getRoute } from '../../../shared/resource-routes';
import { serialize } from '../../../shared/time';
import { updateVersioned } from '../../../shared/versioned';
import { requireVersion, versionConflict } from '../../../shared/versions';
import { device } from '../../../main/db/device-schema';
import { vpnHub } from '../../db/vpn-schema';
import { newHubToken, sha256Hex } from '../wireguard';
import { hubStateRoutes } from './hub-routes';
import { findHub, listHubs } from './queries';
import {
  GATEWAY_NOT_FOUND,
  HUB_DUPLICATE_NAME,
  hubCredentialSchema,
  hubGatewayMovedSchema,
  hubGatewayMoveSchema,
  hubInputSchema,
  hubListSchema,
  hubPatchSchema,
  hubSchema,
} from './schemas';

const TAG = 'Hubs VPN';
const duplicateName = () => conflict('duplicate-name', HUB_DUPLICATE_NAME, { field: 'name' });

async function nameTaken(db: Db, name: string, except: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: vpnHub.id })
    .from(vpnHub)
    .where(and(sql`lower(${vpnHub.name}) = lower(${name})`, except === null ? undefined : ne(vpnHub.id, except)))
    .limit(1);
  return row !== undefined;
}

export function hubRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'get',
      path: '/hub',
      tags: [TAG],
      summary: 'Lista os hubs VPN (todos: são poucos)',
      responses: { 200: json(hubListSchema, 'Os hubs, por nome.') },
    }),
    async (c) => {
      const hubs = await listHubs(c.var.db);
      return c.json(serialize({ data: hubs, meta: { page: 1, perPage: Math.max(hubs.length, 1), total: hubs.length } }) as never, 200);
    },
  );

  app.openapi(
    getRoute({
      path: '/hub/{id}', tag: TAG, access: 'staff',
      summary: 'Um hub VPN',
      item: hubSchema, description: 'O hub.', errors: [401, 403, 404],
    }),
    async (c) => {
      const found = await findHub(c.var.db, c.req.valid('param').id);
      if (!found) throw notFound(HUB_MESSAGES.notFound);
      return c.json(serialize(found) as never, 200);
    },
  );

  app.openapi(
    createRoute({
      path: '/hub', tag: TAG, access: 'staff',
      summary: 'Cadastra um hub VPN (os gateways ainda sem hub passam a ele)',
      input: hubInputSchema, item: hubSchema, description: 'Cadastrado.',
    }),
    (c) =>
      idempotentCreate(c, async () => {
        const input = c.req.valid('json');
        const { db } = c.var;
        if (await nameTaken(db, input.name, null)) throw duplicateName();
        const now = Date.now();
        const row = {
          id: await nextId(db, 'hub'),
          ...input,
          publicKey: null,
          tokenHash: null,
          tokenIssuedAt: null,
          lastReportAt: null,
          appliedVersion: null,
          health: null,
          peerCount: 0,
          version: 1,
          createdAt: now,
          updatedAt: now,
        };
        const [unassigned] = await db.select({ count: sql<number>`count(*)` }).from(device).where(isNull(device.hubId));
        const answer = { ...row, online: false, gatewayCount: unassigned?.count ?? 0 };
        const { tokenHash: _hash, tokenIssuedAt: _issued, ...shown } = answer;
        return {
          status: 201,
          body: serialize(shown),
          writes: [db.insert(vpnHub).values(row), db.update(device).set({ hubId: row.id }).where(isNull(device.hubId))],
        };
      }),
  );

  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'patch',
      path: '/hub/{id}',
      tags: [TAG],
      summary: 'Altera um hub VPN (If-Match: versão)',
      request: { params: idParams, headers: ifMatchHeaders, ...jsonBody(hubPatchSchema) },
      responses: { 200: json(hubSchema, 'Alterado.'), ...errorsOf([400, 404, 409, 428]) },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { version: _bodyVersion, ...input } = c.req.valid('json');
      const { db } = c.var;
      const current = await findHub(db, id);
      if (!current) throw notFound(HUB_MESSAGES.notFound);
      const version = requireVersion(c.req.raw, await c.req.json());
      if (version !== current.version) throw versionConflict(current);
      if (input.name !== undefined && (await nameTaken(db, input.name, id))) throw duplicateName();
      await updateVersioned(
        db
          .update(vpnHub)
          .set({ ...input, version: sql`${vpnHub.version} + 1`, updatedAt: Math.max(Date.now(), current.updatedAt + 1) })
          .where(and(eq(vpnHub.id, id), eq(vpnHub.version, version)))
          .returning({ id: vpnHub.id }),
        { current: () => findHub(db, id), notFound: HUB_MESSAGES.notFound },
      );
      const now = await findHub(db, id);
      if (!now) throw notFound(HUB_MESSAGES.notFound);
      return c.json(serialize(now) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'post',
      path: '/hub/{id}/credential',
      tags: [TAG],
      summary: 'Nova credencial do hub (mostrada uma vez; a anterior deixa de valer na hora)',
      request: { params: idParams },
      responses: { 201: json(hubCredentialSchema, 'A nova credencial.'), 404: errors[404] },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const token = newHubToken();
      const now = Date.now();
      const issued = await c.var.db
        .update(vpnHub)
        .set({ tokenHash: await sha256Hex(token), tokenIssuedAt: now })
        .where(eq(vpnHub.id, id))
        .returning({ id: vpnHub.id });
      if (issued.length === 0) throw notFound(HUB_MESSAGES.notFound);
      c.header('Cache-Control', 'no-store');
      return c.json(serialize({ hubId: id, token, issuedAt: now }) as never, 201);
    },
  );

  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'post',
      path: '/hub/{id}/gateway',
      tags: [TAG],
      summary: 'Move um gateway para este hub (o gateway precisa da nova configuração VPN)',
      request: { params: idParams, ...jsonBody(hubGatewayMoveSchema) },
      responses: { 200: json(hubGatewayMovedSchema, 'Movido.'), 400: errors[400], 404: errors[404] },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { deviceId } = c.req.valid('json');
      const { db } = c.var;
      if (!(await findHub(db, id))) throw notFound(HUB_MESSAGES.notFound);
      const [gateway] = await db.select({ hubId: device.hubId }).from(device).where(eq(device.id, deviceId)).limit(1);
      if (!gateway) throw notFound(GATEWAY_NOT_FOUND);
      // Routing, not an edit of the gateway: its version stays.
      if (gateway.hubId !== id) await db.update(device).set({ hubId: id }).where(eq(device.id, deviceId));
      return c.json({ deviceId, hubId: id, previousHubId: gateway.hubId, message: HUB_MESSAGES.movedNeedsNewFile }, 200);
    },
  );

  hubStateRoutes(app);
}
