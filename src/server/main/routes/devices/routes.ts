/**
 * /device: the builder's gateways. List (search over serial number, name, setup code and the machine's name;
 * filter by status; sorts of the contract), detail, rename (`If-Match`), connection history (newest first, paged);
 * the setup-code look-up and claim (setup-routes.ts), install on / remove from a machine (machine-routes.ts) and
 * the VPN configuration download (download-routes.ts). Every device answered carries its machine's name and its
 * order's number. Another account's gateway is 404 on every /device/:id route.
 */
import { and, eq, sql } from 'drizzle-orm';
import { deviceConnectionListQuery, deviceListQuery, deviceUpdateSchema } from '@/contracts/device';
import { apiRoute, type App } from '../../../shared/app';
import { notFound } from '../../../shared/errors';
import { pageAnswer } from '../../../shared/list';
import { errors, errorsOf, idParams, ifMatchHeaders, json, jsonBody, listQueryParams } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { updateVersioned } from '../../../shared/versioned';
import { requireVersion, versionConflict } from '../../../shared/versions';
import { device } from '../../db/device-schema';
import { auditInsertWhere } from '../../audit';
import { DEVICE_NOT_FOUND, DEVICE_TAG } from './constants';
import { downloadRoutes } from './download-routes';
import { machineRoutes } from './machine-routes';
import { deviceDerivedColumns, deviceJson, findDevice, listConnections, listDevices, statusHistory } from './queries';
import { DEVICE_STATUS_HISTORY, deviceConnectionPageSchema, deviceDetailSchema, devicePageSchema, deviceSchema } from './schemas';
import { settleInDemo } from './settle';
import { setupRoutes } from './setup-routes';

export function deviceRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/device',
      tags: [DEVICE_TAG],
      summary: 'Lista os dispositivos (gateways) da conta',
      request: { query: listQueryParams(['status']) },
      responses: { 200: json(devicePageSchema, 'Uma página de dispositivos.'), 401: errors[401] },
    }),
    async (c) => {
      const { db } = c.var;
      const owner = c.var.principal.uid;
      await settleInDemo(c.env, db, owner);
      const query = deviceListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listDevices(db, owner, query);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );

  // Before /device/{id}: "setup" and "claim" are not ids.
  setupRoutes(app);

  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/device/{id}',
      tags: [DEVICE_TAG],
      summary: 'Um dispositivo',
      request: { params: idParams },
      responses: { 200: json(deviceDetailSchema, 'O dispositivo e suas últimas mudanças de estado.'), 401: errors[401], 404: errors[404] },
    }),
    async (c) => {
      const { db } = c.var;
      const owner = c.var.principal.uid;
      await settleInDemo(c.env, db, owner);
      const { id } = c.req.valid('param');
      const [found, history] = await Promise.all([findDevice(db, owner, id), statusHistory(db, owner, id, DEVICE_STATUS_HISTORY)]);
      if (!found) throw notFound(DEVICE_NOT_FOUND);
      return c.json(serialize({ ...found, statusHistory: history }) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'edit',
      method: 'put',
      path: '/device/{id}',
      tags: [DEVICE_TAG],
      summary: 'Renomeia um dispositivo (If-Match: versão)',
      request: { params: idParams, headers: ifMatchHeaders, ...jsonBody(deviceUpdateSchema) },
      responses: {
        200: json(deviceSchema, 'Alterado.'),
        ...errorsOf([400, 401, 403, 404, 409, 428]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const { db } = c.var;
      const owner = c.var.principal.uid;
      const current = await findDevice(db, owner, id);
      if (!current) throw notFound(DEVICE_NOT_FOUND);
      const version = requireVersion(c.req.raw, await c.req.json());
      if (version !== current.version) throw versionConflict(current);
      const now = Math.max(Date.now(), current.updatedAt + 1);
      // The audit log's entry (a new name), kept only if this UPDATE took place (the same batch).
      const audited = auditInsertWhere(
        c,
        { kind: 'gateway.update', target: { kind: 'gateway', id, label: input.name }, before: { name: current.name }, after: { name: input.name }, at: now },
        sql`EXISTS (SELECT 1 FROM ${device} WHERE owner_uid = ${owner} AND id = ${id} AND version = ${version + 1} AND updated_at = ${now})`,
      );
      const renamed = db
        .update(device)
        .set({
          name: input.name,
          ...deviceDerivedColumns({ ...current, name: input.name }),
          version: sql`${device.version} + 1`,
          updatedAt: now,
        })
        .where(and(eq(device.ownerUid, owner), eq(device.id, id), eq(device.version, version)))
        .returning();
      const updated = await updateVersioned(
        current.name === input.name ? renamed : db.batch([renamed, audited]).then(([rows]) => rows),
        { current: () => findDevice(db, owner, id), notFound: DEVICE_NOT_FOUND },
      );
      return c.json(serialize(deviceJson(updated, current.machineName, current.orderNumber)) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/device/{id}/connections',
      tags: [DEVICE_TAG],
      summary: 'Histórico de conexões VPN do dispositivo (mais recentes primeiro)',
      request: { params: idParams, query: listQueryParams() },
      responses: { 200: json(deviceConnectionPageSchema, 'Uma página de conexões.'), 401: errors[401], 404: errors[404] },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var;
      const owner = c.var.principal.uid;
      if (!(await findDevice(db, owner, id))) throw notFound(DEVICE_NOT_FOUND);
      const query = deviceConnectionListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listConnections(db, owner, id, query);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );

  machineRoutes(app);
  downloadRoutes(app);
}
