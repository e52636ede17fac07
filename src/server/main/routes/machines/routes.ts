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
import type { App } from '../../../shared/app';
import { notFound } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import { idempotentCreate } from '../../../shared/idempotency';
import { pageAnswer } from '../../../shared/list';
import { createRoute, deleteRoute, getRoute, listRoute, updateRoute } from '../../../shared/resource-routes';
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
    listRoute({
      path: '/machine', tag: TAG, access: 'read',
      summary: 'Lista as máquinas da conta',
      page: machinePageSchema, description: 'Uma página de máquinas.', filters: ['customer', 'model'],
    }),
    async (c) => {
      const query = machineListQuery.parse(new URL(c.req.url).searchParams);
      await settleInDemo(c.env, c.var.db, c.var.principal.uid);
      const { rows, total } = await listMachines(c.var.db, c.var.principal.uid, query);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );

  app.openapi(
    getRoute({
      path: '/machine/{id}', tag: TAG, access: 'read',
      summary: 'Uma máquina',
      item: machineSchema, description: 'A máquina.',
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
    createRoute({
      path: '/machine', tag: TAG, access: 'edit',
      summary: 'Cria uma máquina (moveDevice: tira o gateway de outra máquina)',
      input: machineInputSchema, item: machineSchema, description: 'Criada.',
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
    updateRoute({
      path: '/machine/{id}', tag: TAG, access: 'edit',
      summary: 'Altera uma máquina (If-Match: versão)',
      input: machineInputSchema, item: machineSchema, description: 'Alterada.',
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
    deleteRoute({
      path: '/machine/{id}', tag: TAG, access: 'edit',
      summary: 'Exclui uma máquina (o gateway fica livre)',
      description: 'Excluída.',
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
