/**
 * /machine: list (search over name, serial number and site; filters `customer` and `model` by id; sorts by name,
 * serialNumber, modelName, customerName, site, createdAt — empty values last), detail, create, update, delete
 * (frees its gateway) and the access history (access.ts). A machine answered carries its model's and customer's
 * names and its gateway's summary. Writes refuse (409, on the field) a model, customer or gateway that is not
 * the caller's (any more), and a gateway installed on another machine (`device-in-use`) unless the body says
 * `moveDevice: true`, which moves it. In demo mode, reads first bring the due gateways online (devices/settle.ts), as
 * the gateway's status is shown.
 */
import { and, eq, exists } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { machineInputSchema, machineListQuery } from '@/contracts/machine';
import { apiRoute, type App } from '../../../shared/app';
import { notFound } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import { idempotentCreate } from '../../../shared/idempotency';
import { pageAnswer } from '../../../shared/list';
import { errors, idempotencyHeaders, idParams, ifMatchHeaders, json, jsonBody, listQueryParams } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { requireVersion, versionConflict } from '../../../shared/versions';
import { machine } from '../../db/fleet-schema';
import { settleInDemo } from '../devices/settle';
import { MACHINE_NOT_FOUND, machineAccessRoutes } from './access';
import { findMachine, listMachines, machineColumns, machineJson } from './queries';
import { machinePageSchema, machineSchema } from './schemas';
import { bumped } from './sort';
import { attachDevice, checkChoices, releaseMachine } from './writes';

export { MACHINE_NOT_FOUND };
const TAG = 'Máquinas';

type Batch = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

export function machineRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/machine',
      tags: [TAG],
      summary: 'Lista as máquinas da conta',
      request: { query: listQueryParams(['customer', 'model']) },
      responses: { 200: json(machinePageSchema, 'Uma página de máquinas.'), 401: errors[401] },
    }),
    async (c) => {
      const query = machineListQuery.parse(new URL(c.req.url).searchParams);
      await settleInDemo(c.env, c.var.db, c.var.principal.uid);
      const { rows, total } = await listMachines(c.var.db, c.var.principal.uid, query);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/machine/{id}',
      tags: [TAG],
      summary: 'Uma máquina',
      request: { params: idParams },
      responses: { 200: json(machineSchema, 'A máquina.'), 401: errors[401], 404: errors[404] },
    }),
    async (c) => {
      await settleInDemo(c.env, c.var.db, c.var.principal.uid);
      const found = await findMachine(c.var.db, c.var.principal.uid, c.req.valid('param').id);
      if (!found) throw notFound(MACHINE_NOT_FOUND);
      return c.json(serialize(found) as never, 200);
    },
  );

  machineAccessRoutes(app);

  app.openapi(
    apiRoute({
      access: 'edit',
      method: 'post',
      path: '/machine',
      tags: [TAG],
      summary: 'Cria uma máquina (moveDevice: tira o gateway de outra máquina)',
      request: { headers: idempotencyHeaders, ...jsonBody(machineInputSchema) },
      responses: {
        201: json(machineSchema, 'Criada.'),
        400: errors[400],
        401: errors[401],
        403: errors[403],
        409: errors[409],
        422: errors[422],
      },
    }),
    (c) =>
      idempotentCreate(c, async () => {
        const input = c.req.valid('json');
        const { db } = c.var;
        const owner = c.var.principal.uid;
        const chosen = await checkChoices(db, owner, input, null);
        const now = Date.now();
        const id = await nextId(db, 'machine');
        const row = { ...machineColumns(input), id, ownerUid: owner, deviceId: input.deviceId, version: 1, createdAt: now, updatedAt: now };
        return {
          status: 201,
          body: serialize(machineJson(row, chosen)),
          writes: [db.insert(machine).values(row), ...attachDevice(db, owner, id, input.deviceId, null, now)],
        };
      }),
  );

  app.openapi(
    apiRoute({
      access: 'edit',
      method: 'put',
      path: '/machine/{id}',
      tags: [TAG],
      summary: 'Altera uma máquina (If-Match: versão)',
      request: { params: idParams, headers: ifMatchHeaders, ...jsonBody(machineInputSchema) },
      responses: {
        200: json(machineSchema, 'Alterada.'),
        400: errors[400],
        401: errors[401],
        403: errors[403],
        404: errors[404],
        409: errors[409],
        428: errors[428],
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const { db } = c.var;
      const owner = c.var.principal.uid;
      const current = await findMachine(db, owner, id);
      if (!current) throw notFound(MACHINE_NOT_FOUND);
      const version = requireVersion(c.req.raw, await c.req.json());
      if (version !== current.version) throw versionConflict(current);
      await checkChoices(db, owner, input, id);
      const now = Date.now();
      const mine = and(eq(machine.ownerUid, owner), eq(machine.id, id), eq(machine.version, version));
      // The gateway's statements run first, each only while the machine is still at the version edited.
      const guard = exists(db.select({ id: machine.id }).from(machine).where(mine));
      const results = await db.batch([
        ...attachDevice(db, owner, id, input.deviceId, current.deviceId, now, guard),
        db
          .update(machine)
          .set({ ...machineColumns(input), deviceId: input.deviceId, ...bumped(machine.version, machine.updatedAt, now) })
          .where(mine)
          .returning({ id: machine.id }),
      ] as unknown as Batch);
      const updated = results.at(-1) as { id: string }[];
      const after = await findMachine(db, owner, id);
      if (!after) throw notFound(MACHINE_NOT_FOUND);
      if (updated.length === 0) throw versionConflict(after);
      return c.json(serialize(after) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'edit',
      method: 'delete',
      path: '/machine/{id}',
      tags: [TAG],
      summary: 'Exclui uma máquina (o gateway fica livre)',
      request: { params: idParams, headers: ifMatchHeaders },
      responses: { 204: { description: 'Excluída.' }, 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var;
      const owner = c.var.principal.uid;
      const current = await findMachine(db, owner, id);
      if (!current) throw notFound(MACHINE_NOT_FOUND);
      const version = c.req.header('If-Match') === undefined ? null : requireVersion(c.req.raw, null);
      if (version !== null && version !== current.version) throw versionConflict(current);
      const [deleted] = await db.batch([
        db
          .delete(machine)
          .where(and(eq(machine.ownerUid, owner), eq(machine.id, id), version === null ? undefined : eq(machine.version, version)))
          .returning({ id: machine.id }),
        ...releaseMachine(db, owner, id, Date.now()),
      ] as unknown as Batch);
      if ((deleted as { id: string }[]).length === 0) {
        const now = await findMachine(db, owner, id);
        throw now ? versionConflict(now) : notFound(MACHINE_NOT_FOUND);
      }
      return c.body(null, 204);
    },
  );
}
