/**
 * /machine: list (search over name, serial number and site; filters `customer` and `model` by id; sorts by name,
 * serialNumber, modelName, customerName, site, createdAt — empty values last), detail, create, update, delete
 * (frees its gateway) and the access history (access.ts). A machine answered carries its model's and customer's
 * names and its gateway's summary. Writes refuse (409, on the field) a model, customer or gateway that is not
 * the caller's (any more), and a gateway installed on another machine (`device-in-use`) unless the body says
 * `moveDevice: true`, which moves it. In demo mode, reads first bring the due gateways online (devices/settle.ts), as
 * the gateway's status is shown.
 *
 * Issue 34: a machine with a LAN holds a tunnel subnet of the same size (tunnel.ts): taken on create, kept while an
 * edit keeps the LAN's size, a new one when the size changes, none without a LAN. An edit of the LAN, the services'
 * ports or the gateway — and a delete — ends the machine's open remote-access sessions in its batch (sessions.ts).
 */
import { and, eq, exists, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Context } from 'hono';
import { machineInputSchema, machineListQuery } from '@/contracts/machine';
import { REMOTE_ACCESS_MESSAGES as M } from '@/contracts/remote-access';
import type { App } from '../../../shared/app';
import type { AppEnv } from '../../../shared/app-env';
import { insertWhere } from '../../../shared/db/guarded';
import { notFound } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import { idempotentCreate } from '../../../shared/idempotency';
import { pageAnswer } from '../../../shared/list';
import { createRoute, deleteRoute, getRoute, listRoute, updateRoute } from '../../../shared/resource-routes';
import { serialize } from '../../../shared/time';
import { deleteVersioned, versionIs } from '../../../shared/versioned';
import { requireVersion, versionConflict } from '../../../shared/versions';
import { machine } from '../../db/fleet-schema';
import { auditInsertWhere, changedAny } from '../../audit';
import { machineNetwork, machineServices } from '../../audit/fields';
import { settleInDemo } from '../devices/settle';
import { personName } from '../remote-access/queries';
import { MACHINE_NOT_FOUND, machineAccessRoutes } from './access';
import { refuseApprovalBypass } from './customer-guard';
import { findMachine, listMachines, machineColumns, machineJson } from './queries';
import { machinePageSchema, machineSchema } from './schemas';
import { bumped } from './sort';
import { endSessions, grantChanged, type Editor } from './sessions';
import { tunnelFor, tunnelFree, tunnelOf } from './tunnel';
import { attachDevice, checkChoices, releaseMachine } from './writes';

export { MACHINE_NOT_FOUND };
const TAG = 'Máquinas';

type Batch = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];
/** Edits that lose the race for a tunnel block, in a row, before the edit gives up (409). */
const TUNNEL_ATTEMPTS = 3;

/** The person editing, as Histórico names who ended the machine's sessions. */
async function editorOf(c: Context<AppEnv>): Promise<Editor> {
  const { db, principal } = c.var;
  return { uid: principal.memberUid, name: await personName(db, principal) };
}

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
        const tunnel = await tunnelFor(db, input.lanSubnet, null);
        const row = { ...machineColumns(input), ...tunnel, id, ownerUid: owner, deviceId: input.deviceId, version: 1, createdAt: now, updatedAt: now };
        // Kept only while its tunnel block is free; the rest only if it was kept (else `create` runs again).
        const kept = sql`EXISTS (SELECT 1 FROM machine WHERE id = ${id})`;
        const moved = input.deviceId && input.moveDevice
          ? endSessions(db, owner, { deviceId: input.deviceId, otherThan: id }, await editorOf(c), M.gatewayMoved, now, kept)
          : [];
        return {
          status: 201,
          body: serialize(machineJson(row, chosen)),
          writes: [insertWhere(db, machine, row, tunnelFree(tunnel, id)), ...attachDevice(db, owner, id, input.deviceId, null, now, kept), ...moved],
          applied: kept,
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
      const chosen = await checkChoices(db, owner, input, id);
      await refuseApprovalBypass(db, c.var.principal, current.customerId, input.customerId);
      // The audit log: the machine's network (LAN, gateway) and its services, each when changed.
      const network = { before: machineNetwork(current.lanSubnet, current.device?.name), after: machineNetwork(input.lanSubnet, chosen.device?.name) };
      const services = { before: machineServices(current.services), after: machineServices(input.services) };
      const target = { kind: 'machine' as const, id, label: input.name };
      const audits = [
        ...(changedAny(network.before, network.after, ['lanSubnet', 'gateway']) ? [{ kind: 'machine.network' as const, target, ...network }] : []),
        ...(changedAny(services.before, services.after, ['services']) ? [{ kind: 'machine.services' as const, target, ...services }] : []),
      ];
      const changed = grantChanged(current, input);
      const movesGateway = Boolean(input.deviceId && input.moveDevice && input.deviceId !== current.deviceId);
      const editor = changed || movesGateway ? await editorOf(c) : null;
      for (let attempt = 1; ; attempt += 1) {
        const now = Date.now();
        const tunnel = await tunnelFor(db, input.lanSubnet, tunnelOf(current.tunnelSubnet));
        const free = tunnelFree(tunnel, id);
        const mine = and(eq(machine.ownerUid, owner), eq(machine.id, id), eq(machine.version, version));
        // The gateway's statements run first, each only while the machine is still at the version edited (and its
        // tunnel block free); the sessions' end after, only if the edit took place.
        const guard = and(exists(db.select({ id: machine.id }).from(machine).where(mine)), free);
        const edited = sql`EXISTS (SELECT 1 FROM machine WHERE owner_uid = ${owner} AND id = ${id} AND version = ${version + 1})`;
        const gatewayWrites = attachDevice(db, owner, id, input.deviceId, current.deviceId, now, guard);
        const results = await db.batch([
          ...gatewayWrites,
          db
            .update(machine)
            .set({ ...machineColumns(input), ...tunnel, deviceId: input.deviceId, ...bumped(machine.version, machine.updatedAt, now) })
            .where(and(mine, free))
            .returning({ id: machine.id }),
          ...(editor && changed ? endSessions(db, owner, { machineId: id }, editor, M.machineChanged, now, edited) : []),
          ...(editor && movesGateway && input.deviceId
            ? endSessions(db, owner, { deviceId: input.deviceId, otherThan: id }, editor, M.gatewayMoved, now, edited)
            : []),
          ...audits.map((entry) => auditInsertWhere(c, { ...entry, at: now }, edited)),
        ] as unknown as Batch);
        const updated = results[gatewayWrites.length] as { id: string }[];
        const after = await findMachine(db, owner, id);
        if (!after) throw notFound(MACHINE_NOT_FOUND);
        if (updated.length > 0) return c.json(serialize(after) as never, 200);
        // Still at the version edited: another machine took the tunnel block meanwhile — a fresh one.
        if (after.version !== version || attempt >= TUNNEL_ATTEMPTS) throw versionConflict(after);
      }
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
      const now = Date.now();
      const gone = sql`NOT EXISTS (SELECT 1 FROM machine WHERE owner_uid = ${owner} AND id = ${id})`;
      const batch = db.batch([
        db
          .delete(machine)
          .where(and(eq(machine.ownerUid, owner), eq(machine.id, id), versionIs(machine.version, version)))
          .returning({ id: machine.id }),
        ...releaseMachine(db, owner, id, now),
        ...endSessions(db, owner, { machineId: id }, await editorOf(c), M.machineDeleted, now, gone),
      ] as unknown as Batch);
      // The DELETE's rows are the batch's first result.
      await deleteVersioned(
        batch.then(([deleted]) => deleted as { id: string }[]),
        { current: () => findMachine(db, owner, id), notFound: MACHINE_NOT_FOUND },
      );
      return c.body(null, 204);
    },
  );
}
