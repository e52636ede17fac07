/**
 * /address: the builder's delivery addresses ("Meus Endereços"). List (search over apelido, street and city; sort
 * by apelido, street, city, createdAt), detail, create, update, delete, `POST /address/:id/default`, and the CEP
 * look-up `GET /address/cep/:cep`. Reads: every role; changes: Administrador (purchases).
 *
 * - Exactly one default while the owner has any address: the first one created becomes it; making another the
 *   default takes the flag from the previous one (both get a new version); deleting the default hands it to the
 *   most recently updated of the rest. A unique partial index keeps it at most one.
 * - An address an open order ships to cannot be deleted (409 `has-dependents`, with the count); closed orders
 *   keep their snapshot and lose the link.
 * - Every address answered carries `openOrderCount`.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  ADDRESS_NOT_FOUND,
  addressCepProblem,
  addressInputSchema,
  addressInUseMessage,
  addressListQuery,
  CEP_MESSAGES,
} from '@/contracts/address';
import { cepProblem } from '@/contracts/validators/fields';
import { apiRoute, type App } from '../../../shared/app';
import { ApiError, notFound, validationError } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import { idempotentCreate } from '../../../shared/idempotency';
import { pageAnswer } from '../../../shared/list';
import { errorsOf, idParams, json } from '../../../shared/openapi';
import { createRoute, deleteRoute, getRoute, listRoute, updateRoute } from '../../../shared/resource-routes';
import { serialize } from '../../../shared/time';
import { deleteVersioned, updateVersioned } from '../../../shared/versioned';
import { requireVersion, versionConflict } from '../../../shared/versions';
import { address } from '../../db/commerce-schema';
import { findCep } from '@/contracts/address-ceps';
import {
  addressDerivedColumns,
  addressJson,
  deleteAddress,
  findAddress,
  hasDefault,
  listAddresses,
  makeDefault,
  openOrdersAt,
} from './queries';
import { addressPageSchema, addressSchema, cepLookupSchema, cepParams } from './schemas';

const TAG = 'Endereços';
/** A CEP that is not exactly 8 digits ("CEP inválido. Use 8 números…"), as the contract words it. */
const MALFORMED_CEP = cepProblem('0') ?? 'CEP inválido.';

export function addressRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/address/cep/{cep}',
      tags: [TAG],
      summary: 'Busca um CEP (rua, bairro, cidade e UF)',
      request: { params: cepParams },
      responses: { 200: json(cepLookupSchema, 'O endereço do CEP.'), ...errorsOf([400, 401, 404]) },
    }),
    (c) => {
      // Exactly 8 digits (01310100): a masked or short CEP, letters or 00000000 are a 400 with the field's message.
      const { cep } = c.req.valid('param');
      const problem = /^\d{8}$/.test(cep) ? addressCepProblem(cep) : (addressCepProblem(cep) ?? MALFORMED_CEP);
      if (problem) throw validationError(problem, 'cep');
      const found = findCep(cep);
      if (!found) throw new ApiError(404, 'cep-not-found', CEP_MESSAGES.notFound, { field: 'cep' });
      return c.json({ ...found }, 200);
    },
  );

  app.openapi(
    listRoute({
      path: '/address', tag: TAG, access: 'read',
      summary: 'Lista os endereços de entrega da conta',
      page: addressPageSchema, description: 'Uma página de endereços.',
    }),
    async (c) => {
      const query = addressListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listAddresses(c.var.db, c.var.principal.uid, query);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );

  app.openapi(
    getRoute({
      path: '/address/{id}', tag: TAG, access: 'read',
      summary: 'Um endereço',
      item: addressSchema, description: 'O endereço.',
    }),
    async (c) => {
      const found = await findAddress(c.var.db, c.var.principal.uid, c.req.valid('param').id);
      if (!found) throw notFound(ADDRESS_NOT_FOUND);
      return c.json(serialize(found.json) as never, 200);
    },
  );

  app.openapi(
    createRoute({
      path: '/address', tag: TAG, access: 'purchase',
      summary: 'Cria um endereço (o primeiro da conta vira o padrão)',
      input: addressInputSchema, item: addressSchema, description: 'Criado.', errors: [400, 401, 403, 422],
    }),
    (c) =>
      idempotentCreate(c, async () => {
        const input = c.req.valid('json');
        const { db } = c.var;
        const owner = c.var.principal.uid;
        const now = Date.now();
        const row = {
          ...input,
          ...addressDerivedColumns(input),
          id: await nextId(db, 'address'),
          ownerUid: owner,
          isDefault: !(await hasDefault(db, owner)),
          version: 1,
          createdAt: now,
          updatedAt: now,
        };
        return { status: 201, body: serialize(addressJson(row, 0)), writes: [db.insert(address).values(row)] };
      }),
  );

  app.openapi(
    updateRoute({
      path: '/address/{id}', tag: TAG, access: 'purchase',
      summary: 'Altera um endereço (If-Match: versão; o padrão muda por POST /address/{id}/default)',
      input: addressInputSchema, item: addressSchema, description: 'Alterado.',
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const { db } = c.var;
      const owner = c.var.principal.uid;
      const current = await findAddress(db, owner, id);
      if (!current) throw notFound(ADDRESS_NOT_FOUND);
      const version = requireVersion(c.req.raw, await c.req.json());
      if (version !== current.row.version) throw versionConflict(current.json);
      const updated = await updateVersioned(
        db
          .update(address)
          .set({
            ...input,
            ...addressDerivedColumns(input),
            version: sql`${address.version} + 1`,
            updatedAt: Math.max(Date.now(), current.row.updatedAt + 1),
          })
          .where(and(eq(address.ownerUid, owner), eq(address.id, id), eq(address.version, version)))
          .returning(),
        { current: async () => (await findAddress(db, owner, id))?.json, notFound: ADDRESS_NOT_FOUND },
      );
      return c.json(serialize(addressJson(updated, current.json.openOrderCount)) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'purchase',
      method: 'post',
      path: '/address/{id}/default',
      tags: [TAG],
      summary: 'Torna o endereço o padrão da conta (o anterior deixa de ser)',
      request: { params: idParams },
      responses: { 200: json(addressSchema, 'O endereço, agora padrão.'), ...errorsOf([401, 403, 404]) },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var;
      const owner = c.var.principal.uid;
      if (!(await findAddress(db, owner, id))) throw notFound(ADDRESS_NOT_FOUND);
      await makeDefault(db, owner, id, Date.now());
      const found = await findAddress(db, owner, id);
      if (!found) throw notFound(ADDRESS_NOT_FOUND);
      return c.json(serialize(found.json) as never, 200);
    },
  );

  app.openapi(
    deleteRoute({
      path: '/address/{id}', tag: TAG, access: 'purchase',
      summary: 'Exclui um endereço sem pedidos em aberto',
      description: 'Excluído.',
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var;
      const owner = c.var.principal.uid;
      const current = await findAddress(db, owner, id);
      if (!current) throw notFound(ADDRESS_NOT_FOUND);
      const version = c.req.header('If-Match') === undefined ? null : requireVersion(c.req.raw, null);
      if (version !== null && version !== current.row.version) throw versionConflict(current.json);
      const inUse = (n: number) => new ApiError(409, 'has-dependents', addressInUseMessage(n));
      if (current.json.openOrderCount > 0) throw inUse(current.json.openOrderCount);
      await deleteVersioned(deleteAddress(db, owner, id, version, Date.now()), {
        current: async () => {
          // An open order placed since the check is the better answer.
          const count = await openOrdersAt(db, owner, id);
          if (count > 0) throw inUse(count);
          return (await findAddress(db, owner, id))?.json;
        },
        notFound: ADDRESS_NOT_FOUND,
      });
      return c.body(null, 204);
    },
  );
}
