/**
 * /machine-model: the builder's machine models with their default services. List (search over name, manufacturer
 * and category; filter `category`, the exact category without case or accents; sort by name, manufacturer,
 * category, createdAt), detail, create, update and delete — refused while machines use the model (409 naming how
 * many). Every model answered carries `machineCount`.
 */
import { and, eq, notExists } from 'drizzle-orm';
import { machineModelInputSchema, machineModelInUseMessage, machineModelListQuery } from '@/contracts/machine-model';
import type { App } from '../../../shared/app';
import { ApiError, notFound } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import { idempotentCreate } from '../../../shared/idempotency';
import { pageAnswer } from '../../../shared/list';
import { createRoute, deleteRoute, getRoute, listRoute, updateRoute } from '../../../shared/resource-routes';
import { serialize } from '../../../shared/time';
import { deleteVersioned, updateVersioned, versionIs } from '../../../shared/versioned';
import { requireVersion, versionConflict } from '../../../shared/versions';
import { machine, machineModel } from '../../db/fleet-schema';
import { bumped } from '../machines/sort';
import { findMachineModel, listMachineModels, machineModelJson, machinesOfModel, modelColumns } from './queries';
import { machineModelPageSchema, machineModelSchema } from './schemas';

export const MACHINE_MODEL_NOT_FOUND = 'Modelo de máquina não encontrado.';
const TAG = 'Modelos de máquina';

const inUse = (n: number) => new ApiError(409, 'has-dependents', machineModelInUseMessage(n));

export function machineModelRoutes(app: App) {
  app.openapi(
    listRoute({
      path: '/machine-model', tag: TAG, access: 'read',
      summary: 'Lista os modelos de máquina da conta',
      page: machineModelPageSchema, description: 'Uma página de modelos.', filters: ['category'],
    }),
    async (c) => {
      const query = machineModelListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listMachineModels(c.var.db, c.var.principal.uid, query);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );

  app.openapi(
    getRoute({
      path: '/machine-model/{id}', tag: TAG, access: 'read',
      summary: 'Um modelo de máquina',
      item: machineModelSchema, description: 'O modelo.',
    }),
    async (c) => {
      const found = await findMachineModel(c.var.db, c.var.principal.uid, c.req.valid('param').id);
      if (!found) throw notFound(MACHINE_MODEL_NOT_FOUND);
      return c.json(serialize(found) as never, 200);
    },
  );

  app.openapi(
    createRoute({
      path: '/machine-model', tag: TAG, access: 'edit',
      summary: 'Cria um modelo de máquina',
      input: machineModelInputSchema, item: machineModelSchema, description: 'Criado.',
    }),
    (c) =>
      idempotentCreate(c, async () => {
        const input = c.req.valid('json');
        const { db } = c.var;
        const now = Date.now();
        const row = {
          ...modelColumns(input),
          id: await nextId(db, 'machine-model'),
          ownerUid: c.var.principal.uid,
          version: 1,
          createdAt: now,
          updatedAt: now,
        };
        return { status: 201, body: serialize(machineModelJson(row, 0)), writes: [db.insert(machineModel).values(row)] };
      }),
  );

  app.openapi(
    updateRoute({
      path: '/machine-model/{id}', tag: TAG, access: 'edit',
      summary: 'Altera um modelo de máquina (If-Match: versão)',
      input: machineModelInputSchema, item: machineModelSchema, description: 'Alterado.',
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const { db } = c.var;
      const owner = c.var.principal.uid;
      const current = await findMachineModel(db, owner, id);
      if (!current) throw notFound(MACHINE_MODEL_NOT_FOUND);
      const version = requireVersion(c.req.raw, await c.req.json());
      if (version !== current.version) throw versionConflict(current);
      const updated = await updateVersioned(
        db
          .update(machineModel)
          .set({ ...modelColumns(input), ...bumped(machineModel.version, machineModel.updatedAt, Date.now()) })
          .where(and(eq(machineModel.ownerUid, owner), eq(machineModel.id, id), eq(machineModel.version, version)))
          .returning(),
        { current: () => findMachineModel(db, owner, id), notFound: MACHINE_MODEL_NOT_FOUND },
      );
      return c.json(serialize(machineModelJson(updated, current.machineCount)) as never, 200);
    },
  );

  app.openapi(
    deleteRoute({
      path: '/machine-model/{id}', tag: TAG, access: 'edit',
      summary: 'Exclui um modelo que nenhuma máquina usa',
      description: 'Excluído.',
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var;
      const owner = c.var.principal.uid;
      const current = await findMachineModel(db, owner, id);
      if (!current) throw notFound(MACHINE_MODEL_NOT_FOUND);
      const version = c.req.header('If-Match') === undefined ? null : requireVersion(c.req.raw, null);
      if (version !== null && version !== current.version) throw versionConflict(current);
      if (current.machineCount > 0) throw inUse(current.machineCount);
      // One statement: a machine of this model created meanwhile keeps the model.
      const deleted = db
        .delete(machineModel)
        .where(
          and(
            eq(machineModel.ownerUid, owner),
            eq(machineModel.id, id),
            versionIs(machineModel.version, version),
            notExists(db.select({ id: machine.id }).from(machine).where(and(eq(machine.ownerUid, owner), eq(machine.modelId, id)))),
          ),
        )
        .returning({ id: machineModel.id });
      await deleteVersioned(deleted, {
        current: async () => {
          const n = await machinesOfModel(db, owner, id);
          if (n > 0) throw inUse(n);
          return findMachineModel(db, owner, id);
        },
        notFound: MACHINE_MODEL_NOT_FOUND,
      });
      return c.body(null, 204);
    },
  );
}
