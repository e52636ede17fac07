/**
 * Rows for the back office's tests (dashboard, search, builders): the few columns a test cares about, the rest
 * filled in. Used by tests only (they insert them through drizzle on the test's D1).
 */
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { OrderStatus } from '@/contracts/commerce';
import type { DeviceStatus } from '@/contracts/device';
import type { Db } from '../../../shared/app-env';
import type { assembler } from '../../../shared/db/core-schema';
import { searchColumns, sortKey } from '../../../shared/search';
import type { vpnUser } from '../../../vpn/db/vpn-schema';
import type { purchaseOrder } from '../../db/commerce-schema';
import type { device } from '../../db/device-schema';

/** Inserts rows one statement each (D1 binds at most 100 parameters per statement), in one batch. */
export async function insertRows<T extends SQLiteTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  const [first, ...rest] = rows.map((row) => db.insert(table).values(row));
  if (first) await db.batch([first, ...rest]);
}

export function assemblerRow(uid: string, name: string, cnpj: string, createdAt = Date.now()): typeof assembler.$inferInsert {
  return { uid, name, cnpj, email: `${uid}@example.com`, createdAt, version: 1, updatedAt: createdAt };
}

export interface OrderSpec {
  number: number;
  ownerUid: string;
  status: OrderStatus;
  total?: number;
  createdAt?: number;
  paidAt?: number | null;
}

export function orderRow(spec: OrderSpec): typeof purchaseOrder.$inferInsert {
  const createdAt = spec.createdAt ?? Date.now();
  const total = spec.total ?? 100_000;
  return {
    id: `order-${spec.number}`,
    ownerUid: spec.ownerUid,
    number: spec.number,
    status: spec.status,
    itemCount: 1,
    subtotal: total,
    discount: 0,
    shipping: 0,
    total,
    addressLabel: 'Fábrica',
    addressCep: '01310-100',
    addressStreet: 'Av. Paulista',
    addressNumber: '1000',
    addressComplement: '',
    addressDistrict: 'Bela Vista',
    addressCity: 'São Paulo',
    addressUf: 'SP',
    paymentMethodId: 'payment-method-pix',
    paymentKind: 'pix',
    paymentMethodName: 'Pix',
    installments: 1,
    paidAt: spec.paidAt ?? null,
    ...searchColumns([`#${spec.number}`, spec.number]),
    version: 1,
    createdAt,
    updatedAt: createdAt,
  };
}

let serial = 0;

export function deviceRow(id: string, ownerUid: string | null, status: DeviceStatus): typeof device.$inferInsert {
  serial += 1;
  const now = Date.now();
  return {
    id,
    ownerUid,
    serialNumber: `PG1-T${id}`,
    setupCode: `PNT-T${String(serial).padStart(3, '0')}-${id}`,
    name: `Gateway ${id}`,
    hardwareModel: 'Ponte G1 4G',
    firmware: '2.5.0',
    status,
    lastSeenAt: status === 'never-connected' ? null : now,
    nameKey: sortKey(`Gateway ${id}`),
    ...searchColumns([`Gateway ${id}`]),
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}

export function vpnUserRow(id: string, name: string, email: string, expiresAt: number | null = null, enabled = true): typeof vpnUser.$inferInsert {
  const now = Date.now();
  return {
    id,
    ownerUid: null,
    name,
    email,
    enabled,
    expiresAt,
    machineIds: [],
    nameKey: sortKey(name),
    ...searchColumns([name, email]),
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}
