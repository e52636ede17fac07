/**
 * /customer: the builder's client factories. List (search over razão social, nome fantasia, CNPJ and city; filter
 * by UF; sort by name, tradeName, city, createdAt), detail, create, update and delete. A CNPJ is unique among the
 * account's customers (another builder may have the same one); a customer with machines cannot be deleted. Every
 * customer answered carries `machineCount`.
 */
import { and, eq, notExists, sql } from 'drizzle-orm';
import {
  CUSTOMER_DUPLICATE_CNPJ,
  customerHasMachinesMessage,
  customerInputSchema,
  customerListQuery,
} from '@/contracts/customer';
import { apiRoute, type App } from '../../../shared/app';
import { ApiError, conflict, notFound } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import { idempotentCreate } from '../../../shared/idempotency';
import { pageAnswer } from '../../../shared/list';
import { errors, idempotencyHeaders, idParams, ifMatchHeaders, json, jsonBody, listQueryParams } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { requireVersion, versionConflict } from '../../../shared/versions';
import { customer, machine } from '../../db/fleet-schema';
import { cnpjTaken, customerJson, derivedColumns, findCustomer, listCustomers, machinesAt } from './queries';
import { customerPageSchema, customerSchema } from './schemas';

export const CUSTOMER_NOT_FOUND = 'Cliente não encontrado.';
const TAG = 'Clientes';

const duplicateCnpj = () => conflict('duplicate', CUSTOMER_DUPLICATE_CNPJ, { field: 'cnpj' });

export function customerRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/customer',
      tags: [TAG],
      summary: 'Lista os clientes da conta',
      request: { query: listQueryParams(['uf']) },
      responses: { 200: json(customerPageSchema, 'Uma página de clientes.'), 401: errors[401] },
    }),
    async (c) => {
      const query = customerListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listCustomers(c.var.db, c.var.principal.uid, query);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/customer/{id}',
      tags: [TAG],
      summary: 'Um cliente',
      request: { params: idParams },
      responses: { 200: json(customerSchema, 'O cliente.'), 401: errors[401], 404: errors[404] },
    }),
    async (c) => {
      const found = await findCustomer(c.var.db, c.var.principal.uid, c.req.valid('param').id);
      if (!found) throw notFound(CUSTOMER_NOT_FOUND);
      return c.json(serialize(found) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'edit',
      method: 'post',
      path: '/customer',
      tags: [TAG],
      summary: 'Cria um cliente',
      request: { headers: idempotencyHeaders, ...jsonBody(customerInputSchema) },
      responses: {
        201: json(customerSchema, 'Criado.'),
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
        return { status: 201, body: serialize(customerJson(row, 0)), writes: [db.insert(customer).values(row)] };
      }),
  );

  app.openapi(
    apiRoute({
      access: 'edit',
      method: 'put',
      path: '/customer/{id}',
      tags: [TAG],
      summary: 'Altera um cliente (If-Match: versão)',
      request: { params: idParams, headers: ifMatchHeaders, ...jsonBody(customerInputSchema) },
      responses: {
        200: json(customerSchema, 'Alterado.'),
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
      const current = await findCustomer(db, owner, id);
      if (!current) throw notFound(CUSTOMER_NOT_FOUND);
      const version = requireVersion(c.req.raw, await c.req.json());
      if (version !== current.version) throw versionConflict(current);
      if (await cnpjTaken(db, owner, input.cnpj, id)) throw duplicateCnpj();
      const [updated] = await db
        .update(customer)
        .set({ ...input, ...derivedColumns(input), version: sql`${customer.version} + 1`, updatedAt: Math.max(Date.now(), current.updatedAt + 1) })
        .where(and(eq(customer.ownerUid, owner), eq(customer.id, id), eq(customer.version, version)))
        .returning();
      if (!updated) {
        const now = await findCustomer(db, owner, id);
        throw now ? versionConflict(now) : notFound(CUSTOMER_NOT_FOUND);
      }
      return c.json(serialize(customerJson(updated, current.machineCount)) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'edit',
      method: 'delete',
      path: '/customer/{id}',
      tags: [TAG],
      summary: 'Exclui um cliente sem máquinas',
      request: { params: idParams, headers: ifMatchHeaders },
      responses: {
        204: { description: 'Excluído.' },
        401: errors[401],
        403: errors[403],
        404: errors[404],
        409: errors[409],
      },
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
      const deleted = await db
        .delete(customer)
        .where(
          and(
            eq(customer.ownerUid, owner),
            eq(customer.id, id),
            version === null ? undefined : eq(customer.version, version),
            notExists(db.select({ id: machine.id }).from(machine).where(and(eq(machine.ownerUid, owner), eq(machine.customerId, id)))),
          ),
        )
        .returning({ id: customer.id });
      if (deleted.length === 0) {
        const count = await machinesAt(db, owner, id);
        if (count > 0) throw new ApiError(409, 'has-dependents', customerHasMachinesMessage(count));
        const now = await findCustomer(db, owner, id);
        throw now ? versionConflict(now) : notFound(CUSTOMER_NOT_FOUND);
      }
      return c.body(null, 204);
    },
  );
}
