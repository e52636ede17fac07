/**
 * /customer: the builder's client factories. List (search over razão social, nome fantasia, CNPJ and city; filter
 * by UF; sort by name, tradeName, city, createdAt), detail, create, update and delete. A CNPJ is unique among the
 * caller's customers (another builder may have the same one); a customer with machines cannot be deleted. Every
 * customer in a response carries `machineCount`. "Exigir aprovação da fábrica" and the e-mail change only by an
 * Administrador (403 for a Técnico), each change written to Histórico (`factory-approval-changed`), as the API does.
 */
import { http } from 'msw';
import {
  CUSTOMER_DUPLICATE_CNPJ,
  CUSTOMER_FACTORY_APPROVAL_ADMIN_ONLY,
  customerHasMachinesMessage,
  customerInputSchema,
  customerListQuery,
  factoryApprovalChangeReasons,
  factoryApprovalChanges,
  type CustomerInput,
} from '@/contracts/customer';
import { createOne, deleteOne, getOne, list, owned, updateOne, type SearchField } from '@/testing/fake-api/collection';
import type { DemoDb } from '@/testing/fake-api/db';
import { apiError, authenticate, type HandlerContext } from '@/testing/fake-api/http';
import type { Principal } from '@/testing/fake-api/token';
import type { CustomerRecord } from '@/seed/customers/records';
import { logFactoryApprovalEvent, remoteAccessStore } from '../remote-access/store';

export const CUSTOMER_NOT_FOUND = 'Cliente não encontrado.';

/** How many of the owner's machines are installed at each of its customers. */
function machineCounts(db: DemoDb, ownerUid: string | null): Map<string, number> {
  const counts = new Map<string, number>();
  for (const machine of db.data.machines) {
    if (machine.customerId && machine.ownerUid === ownerUid) {
      counts.set(machine.customerId, (counts.get(machine.customerId) ?? 0) + 1);
    }
  }
  return counts;
}

function countMachines(db: DemoDb, customer: CustomerRecord): number {
  return db.data.machines.filter((m) => m.customerId === customer.id && m.ownerUid === customer.ownerUid).length;
}

/** What a search of Clientes looks in. */
export const CUSTOMER_SEARCH_FIELDS: ReadonlyArray<SearchField<CustomerRecord>> = ['name', 'tradeName', 'cnpj', 'city'];

export function customerHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;

  const personName = (principal: Principal): string => {
    if (principal.name?.trim()) return principal.name.trim();
    const member = db.data.teamMembers.find((m) => m.uid === principal.memberUid && m.accountUid === principal.uid);
    if (member) return member.name;
    return db.data.assemblers.find((a) => a.uid === principal.uid)?.name ?? principal.email;
  };

  /** Histórico's events of a factory approval set or changed by `principal`. */
  const logApproval = (principal: Principal, current: CustomerRecord | null, input: CustomerInput) => {
    const now = Date.now();
    for (const reason of factoryApprovalChangeReasons(current, input)) {
      logFactoryApprovalEvent(remoteAccessStore(db.data), principal.uid, { uid: principal.memberUid, name: personName(principal) }, reason, now);
    }
  };

  const spec = {
    kind: 'customer',
    notFoundMessage: CUSTOMER_NOT_FOUND,
    records: (current: DemoDb) => current.data.customers,
    toJson: (record: CustomerRecord) => ({ ...record, machineCount: countMachines(db, record) }),
    schema: customerInputSchema,
    conflict(input: CustomerInput, principal: Principal, current: CustomerRecord | null) {
      const [approvalField] = current && principal.role !== 'administrador' ? factoryApprovalChanges(current, input) : [];
      if (approvalField) return apiError(403, 'role-forbidden', CUSTOMER_FACTORY_APPROVAL_ADMIN_ONLY, { field: approvalField });
      const taken = db.data.customers.some(
        (c) => c.ownerUid === principal.uid && c.cnpj === input.cnpj && c.id !== current?.id,
      );
      return taken ? apiError(409, 'duplicate', CUSTOMER_DUPLICATE_CNPJ, { field: 'cnpj' }) : null;
    },
    build: (input: CustomerInput) => ({ ...input }),
    apply(record: CustomerRecord, input: CustomerInput) {
      Object.assign(record, input);
    },
    dependents(record: CustomerRecord) {
      const count = countMachines(db, record);
      return count > 0 ? customerHasMachinesMessage(count) : null;
    },
  };

  return [
    http.get(`${apiUrl}/customer`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const counts = machineCounts(db, auth.principal.uid);
      return list(owned(db.data.customers, auth.principal), {
        query: customerListQuery.parse(new URL(request.url).searchParams),
        searchFields: CUSTOMER_SEARCH_FIELDS,
        filters: { uf: (customer, uf) => customer.uf === uf },
        sorts: {
          name: (customer) => customer.name,
          tradeName: (customer) => customer.tradeName,
          city: (customer) => customer.city,
          createdAt: (customer) => customer.createdAt,
        },
        toJson: (customer) => ({ ...customer, machineCount: counts.get(customer.id) ?? 0 }),
      });
    }),

    http.get(`${apiUrl}/customer/:id`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return getOne(ctx, auth.principal, String(params.id), spec);
    }),

    http.post(`${apiUrl}/customer`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return createOne(request, ctx, auth.principal, {
        ...spec,
        created: (_record: CustomerRecord, input: CustomerInput) => logApproval(auth.principal, null, input),
      });
    }),

    http.put(`${apiUrl}/customer/:id`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return updateOne(request, ctx, auth.principal, String(params.id), {
        ...spec,
        apply(record: CustomerRecord, input: CustomerInput) {
          logApproval(auth.principal, { ...record }, input);
          spec.apply(record, input);
        },
      });
    }),

    http.delete(`${apiUrl}/customer/:id`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return deleteOne(request, ctx, auth.principal, String(params.id), spec);
    }),
  ];
}
