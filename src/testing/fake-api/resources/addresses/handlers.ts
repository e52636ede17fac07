/**
 * /address: the builder's delivery addresses ("Meus Endereços"). List (search over apelido, street and city; sort
 * by apelido, street, city, createdAt), detail, create, update, delete, `POST /address/:id/default`, and the CEP
 * look-up `GET /address/cep/:cep`.
 *
 * - Exactly one default while the owner has any address: the first one created becomes it; making another the
 *   default takes the flag from the previous one (both get a new version); deleting the default hands it to the
 *   most recently updated of the rest.
 * - An address an open order (aguardando pagamento, pago, em separação, enviado) of its owner ships to cannot be
 *   deleted (409 `has-dependents`, with the count); closed orders keep their snapshot and lose the link.
 * - Every address in a response carries `openOrderCount`.
 */
import { http, HttpResponse } from 'msw';
import {
  ADDRESS_NOT_FOUND,
  addressCepProblem,
  addressInputSchema,
  addressInUseMessage,
  addressListQuery,
  CEP_MESSAGES,
  type AddressInput,
} from '@/contracts/address';
import type { OrderStatus } from '@/contracts/commerce';
import { createOne, deleteOne, findOwned, getOne, list, ownedBy, updateOne } from '@/testing/fake-api/collection';
import type { DemoDb } from '@/testing/fake-api/db';
import { apiError, authenticate, notFound, serialize, type HandlerContext } from '@/testing/fake-api/http';
import type { Principal } from '@/testing/fake-api/token';
import { findCep } from '@/contracts/address-ceps';
import type { AddressRecord } from '@/seed/addresses/records';

const MALFORMED_CEP = 'CEP inválido. Use 8 números, ex.: 01310-100.';

/** Orders still on their way (not delivered, not cancelled): their address must stay. */
const OPEN_ORDER_STATUSES: ReadonlySet<OrderStatus> = new Set(['aguardando-pagamento', 'pago', 'em-separacao', 'enviado']);

function openOrderCount(db: DemoDb, address: AddressRecord): number {
  let count = 0;
  for (const order of db.data.orders) {
    if (order.ownerUid === address.ownerUid && order.addressId === address.id && OPEN_ORDER_STATUSES.has(order.status)) {
      count += 1;
    }
  }
  return count;
}

function ownAddresses(db: DemoDb, ownerUid: string): AddressRecord[] {
  return db.data.addresses.filter((address) => address.ownerUid === ownerUid);
}

/** Sets or clears the flag, as a change of the record (new version and updatedAt) when it changes. */
function setDefaultFlag(address: AddressRecord, isDefault: boolean, now: number): void {
  if (address.isDefault === isDefault) return;
  address.isDefault = isDefault;
  address.version += 1;
  address.updatedAt = Math.max(now, address.updatedAt + 1);
}

export function addressHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  const toJson = (record: AddressRecord) => ({ ...record, openOrderCount: openOrderCount(db, record) });

  const spec = {
    kind: 'address',
    notFoundMessage: ADDRESS_NOT_FOUND,
    records: (current: DemoDb) => current.data.addresses,
    toJson,
    schema: addressInputSchema,
    // The first address of an account is its default; `created` fixes the flag once the record is stored.
    build: (input: AddressInput) => ({ ...input, isDefault: false }),
    created(record: AddressRecord) {
      const others = ownAddresses(db, record.ownerUid).filter((address) => address.id !== record.id);
      record.isDefault = !others.some((address) => address.isDefault);
    },
    apply(record: AddressRecord, input: AddressInput) {
      Object.assign(record, input);
    },
    dependents(record: AddressRecord) {
      const count = openOrderCount(db, record);
      return count > 0 ? addressInUseMessage(count) : null;
    },
    deleted(record: AddressRecord) {
      // Closed orders keep their snapshot of the address; the link to the saved one is gone.
      for (const order of db.data.orders) {
        if (order.ownerUid === record.ownerUid && order.addressId === record.id) order.addressId = null;
      }
      if (!record.isDefault) return;
      const [next] = ownAddresses(db, record.ownerUid).sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id));
      if (next) setDefaultFlag(next, true, Date.now());
    },
  };

  const makeDefault = (principal: Principal, id: string): Response => {
    const record = findOwned(db.data.addresses, id, principal);
    if (!record) return notFound(ADDRESS_NOT_FOUND);
    const now = Date.now();
    for (const address of ownAddresses(db, principal.uid)) setDefaultFlag(address, address.id === record.id, now);
    db.save();
    return HttpResponse.json(serialize(toJson(record)) as Record<string, unknown>);
  };

  return [
    // Before /address/:id (a different prefix, so order is only for reading).
    http.get(`${apiUrl}/address/cep/:cep`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      // Exactly 8 digits (01310100): a masked or short CEP, letters or 00000000 are a 400 with the field's message.
      const cep = String(params.cep);
      const problem = /^\d{8}$/.test(cep) ? addressCepProblem(cep) : (addressCepProblem(cep) ?? MALFORMED_CEP);
      if (problem) return apiError(400, 'validation', problem, { field: 'cep' });
      const found = findCep(cep);
      return found ? HttpResponse.json({ ...found }) : apiError(404, 'cep-not-found', CEP_MESSAGES.notFound, { field: 'cep' });
    }),

    http.get(`${apiUrl}/address`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return list(db.data.addresses, {
        query: addressListQuery.parse(new URL(request.url).searchParams),
        where: ownedBy(auth.principal),
        searchFields: ['label', 'street', 'city'],
        sorts: {
          label: (address) => address.label,
          street: (address) => address.street,
          city: (address) => address.city,
          createdAt: (address) => address.createdAt,
        },
        toJson,
      });
    }),

    http.get(`${apiUrl}/address/:id`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return getOne(ctx, auth.principal, String(params.id), spec);
    }),

    http.post(`${apiUrl}/address`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return createOne(request, ctx, auth.principal, spec);
    }),

    http.post(`${apiUrl}/address/:id/default`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return makeDefault(auth.principal, String(params.id));
    }),

    http.put(`${apiUrl}/address/:id`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return updateOne(request, ctx, auth.principal, String(params.id), spec);
    }),

    http.delete(`${apiUrl}/address/:id`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return deleteOne(request, ctx, auth.principal, String(params.id), spec);
    }),
  ];
}
