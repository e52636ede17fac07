/**
 * /customer: the builder's client factories. List (search over razão social, nome fantasia, CNPJ and city; filter
 * by UF; sort by name, tradeName, city, createdAt), detail, create, update and delete. A CNPJ is unique among the
 * account's customers (another builder may have the same one); a customer with machines cannot be deleted. Every
 * customer answered carries `machineCount`. "Exigir aprovação da fábrica" and the e-mail (where the factory's approval
 * link goes) change only by an Administrador, each change written to Histórico (approval-history.ts).
 */
import { and, eq, notExists, sql } from 'drizzle-orm';
import {
  CUSTOMER_DUPLICATE_CNPJ,
  customerHasMachinesMessage,
  customerInputSchema,
  customerListQuery,
  factoryApprovalChangeReasons,
  factoryApprovalChanges,
} from '@/contracts/customer';
import type { BatchItem } from 'drizzle-orm/batch';
import type { App } from '../../../shared/app';
import { ApiError, conflict, notFound } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import { idempotentCreate } from '../../../shared/idempotency';
import { pageAnswer } from '../../../shared/list';
import { createRoute, deleteRoute, getRoute, listRoute, updateRoute } from '../../../shared/resource-routes';
import { serialize } from '../../../shared/time';
import { deleteVersioned, updateVersioned, versionIs } from '../../../shared/versioned';
import { requireVersion, versionConflict } from '../../../shared/versions';
import { customer, machine } from '../../db/fleet-schema';
import { auditInsert, auditInsertWhere } from '../../audit';
import { approvalEventWrites, refuseApprovalChange } from './approval-history';
import { cnpjTaken, customerJson, derivedColumns, findCustomer, listCustomers, machinesAt, type CustomerRow } from './queries';
import { customerPageSchema, customerSchema } from './schemas';

export const CUSTOMER_NOT_FOUND = 'Cliente não encontrado.';
const TAG = 'Clientes';

const duplicateCnpj = () => conflict('duplicate', CUSTOMER_DUPLICATE_CNPJ, { field: 'cnpj' });

export function customerRoutes(app: App) {
  app.openapi(
    listRoute({
      path: '/customer', tag: TAG, access: 'read',
      summary: 'Lista os clientes da conta',
      page: customerPageSchema, description: 'Uma página de clientes.', filters: ['uf'],
    }),
    async (c) => {
      const query = customerListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listCustomers(c.var.db, c.var.principal.uid, query);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );

  app.openapi(
    getRoute({
      path: '/customer/{id}', tag: TAG, access: 'read',
      summary: 'Um cliente',
      item: customerSchema, description: 'O cliente.',
    }),
    async (c) => {
      const found = await findCustomer(c.var.db, c.var.principal.uid, c.req.valid('param').id);
      if (!found) throw notFound(CUSTOMER_NOT_FOUND);
      return c.json(serialize(found) as never, 200);
    },
  );

  app.openapi(
    createRoute({
      path: '/customer', tag: TAG, access: 'edit',
      summary: 'Cria um cliente',
      input: customerInputSchema, item: customerSchema, description: 'Criado.',
    }),
    (c) =>
      idempotentCreate(c, async () => {
        const input = c.req.valid('json');
        const { db } = c.var;
        const owner = c.var.principal.uid;
        if (await cnpjTaken(db, owner, input.cnpj, null)) throw duplicateCnpj();
        const now = Date.now();
        const row = {
          ...input,
          ...derivedColumns(input),
          id: await nextId(db, 'customer'),
          ownerUid: owner,
          version: 1,
          createdAt: now,
          updatedAt: now,
        };
        const events = await approvalEventWrites(db, c.var.principal, factoryApprovalChangeReasons(null, input), now, null);
        // The audit log: a customer created requiring the factory's approval (as Histórico records it).
        const audited = input.requireFactoryApproval
          ? [auditInsert(c, { kind: 'customer.approval', target: { kind: 'customer', id: row.id, label: input.name }, before: null, after: { requireFactoryApproval: true, email: input.email }, at: now })]
          : [];
        return { status: 201, body: serialize(customerJson(row, 0)), writes: [db.insert(customer).values(row), ...events, ...audited] };
      }),
  );

  app.openapi(
    updateRoute({
      path: '/customer/{id}', tag: TAG, access: 'edit',
      summary: 'Altera um cliente (If-Match: versão)',
      input: customerInputSchema, item: customerSchema, description: 'Alterado.',
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const { db } = c.var;
      const owner = c.var.principal.uid;
      const current = await findCustomer(db, owner, id);
      if (!current) throw notFound(CUSTOMER_NOT_FOUND);
      const version = requireVersion(c.req.raw, await c.req.json());
      if (version !== current.version) throw versionConflict(current);
      refuseApprovalChange(c.var.principal, current, input);
      if (await cnpjTaken(db, owner, input.cnpj, id)) throw duplicateCnpj();
      const now = Math.max(Date.now(), current.updatedAt + 1);
      // The approval's changes go to Histórico in the same batch, before the UPDATE and guarded by the same version.
      const events: BatchItem<'sqlite'>[] = await approvalEventWrites(db, c.var.principal, factoryApprovalChangeReasons(current, input), now, { customerId: id, version });
      // The audit log's entry of an approval change: the changed fields, guarded by the same version (audit/).
      const approvalFields = factoryApprovalChanges(current, input);
      if (approvalFields.length > 0) {
        const pick = (source: typeof input) => Object.fromEntries(approvalFields.map((field) => [field, source[field]]));
        events.push(
          auditInsertWhere(
            c,
            { kind: 'customer.approval', target: { kind: 'customer', id, label: input.name }, before: pick(current), after: pick(input), at: now },
            sql`EXISTS (SELECT 1 FROM ${customer} WHERE owner_uid = ${owner} AND id = ${id} AND version = ${version})`,
          ),
        );
      }
      const update = db
        .update(customer)
        .set({ ...input, ...derivedColumns(input), version: sql`${customer.version} + 1`, updatedAt: now })
        .where(and(eq(customer.ownerUid, owner), eq(customer.id, id), eq(customer.version, version)))
        .returning();
      const [first, ...rest] = events;
      // The UPDATE's rows are the batch's last result.
      const updated = await updateVersioned(
        first ? db.batch([first, ...rest, update]).then((results) => results.at(-1) as CustomerRow[]) : update,
        { current: () => findCustomer(db, owner, id), notFound: CUSTOMER_NOT_FOUND },
      );
      return c.json(serialize(customerJson(updated, current.machineCount)) as never, 200);
    },
  );

  app.openapi(
    deleteRoute({
      path: '/customer/{id}', tag: TAG, access: 'edit',
      summary: 'Exclui um cliente sem máquinas',
      description: 'Excluído.',
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var;
      const owner = c.var.principal.uid;
      const current = await findCustomer(db, owner, id);
      if (!current) throw notFound(CUSTOMER_NOT_FOUND);
      const version = c.req.header('If-Match') === undefined ? null : requireVersion(c.req.raw, null);
      if (version !== null && version !== current.version) throw versionConflict(current);
      if (current.machineCount > 0) throw new ApiError(409, 'has-dependents', customerHasMachinesMessage(current.machineCount));
      // One statement: a machine installed meanwhile keeps the customer.
      const deleted = db
        .delete(customer)
        .where(
          and(
            eq(customer.ownerUid, owner),
            eq(customer.id, id),
            versionIs(customer.version, version),
            notExists(db.select({ id: machine.id }).from(machine).where(and(eq(machine.ownerUid, owner), eq(machine.customerId, id)))),
          ),
        )
        .returning({ id: customer.id });
      await deleteVersioned(deleted, {
        current: async () => {
          const count = await machinesAt(db, owner, id);
          if (count > 0) throw new ApiError(409, 'has-dependents', customerHasMachinesMessage(count));
          return findCustomer(db, owner, id);
        },
        notFound: CUSTOMER_NOT_FOUND,
      });
      return c.body(null, 204);
    },
  );
}
