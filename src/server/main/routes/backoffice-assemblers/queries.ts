/**
 * /backoffice/assembler's SQL. Staff read every builder: these statements name no owner on purpose (the route is
 * 'staff'); a builder's figures are filtered by its uid.
 */
import { and, count, eq, isNotNull, notInArray } from 'drizzle-orm';
import { CLOSED_ORDER_STATUSES } from '@/contracts/dashboard';
import { DEVICE_STATUSES, type DeviceStatus } from '@/contracts/device';
import type { Db } from '../../../shared/app-env';
import { assembler } from '../../../shared/db/core-schema';
import { purchaseOrder } from '../../db/commerce-schema';
import { device } from '../../db/device-schema';

const collator = new Intl.Collator('pt-BR');

/** `AssemblerProfile` of src/contracts/backoffice-order.ts, times as epoch ms (answered through `serialize`). */
export interface AssemblerProfileRow {
  uid: string;
  name: string;
  cnpj: string;
  email: string;
  createdAt: number;
  orderCount: number;
  openOrderCount: number;
  devices: Record<DeviceStatus, number> & { total: number };
}

/** Every builder, by name in pt-BR order (the back office's "Montadora" filter: one answer, no paging). */
export async function listAssemblers(db: Db) {
  const rows = await db
    .select({ uid: assembler.uid, name: assembler.name, cnpj: assembler.cnpj, email: assembler.email, createdAt: assembler.createdAt })
    .from(assembler);
  return rows.sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.uid, b.uid));
}

/** One builder with its order counts and its gateways by status; null when there is no such builder. */
export async function findAssemblerProfile(db: Db, uid: string): Promise<AssemblerProfileRow | null> {
  const [found, orders, open, devices] = await db.batch([
    db
      .select({ uid: assembler.uid, name: assembler.name, cnpj: assembler.cnpj, email: assembler.email, createdAt: assembler.createdAt })
      .from(assembler)
      .where(eq(assembler.uid, uid))
      .limit(1),
    db.select({ n: count() }).from(purchaseOrder).where(eq(purchaseOrder.ownerUid, uid)),
    db
      .select({ n: count() })
      .from(purchaseOrder)
      .where(and(eq(purchaseOrder.ownerUid, uid), notInArray(purchaseOrder.status, [...CLOSED_ORDER_STATUSES]))),
    db
      .select({ status: device.status, n: count() })
      .from(device)
      .where(and(isNotNull(device.ownerUid), eq(device.ownerUid, uid)))
      .groupBy(device.status),
  ]);
  const row = found[0];
  if (!row) return null;
  const byStatus: AssemblerProfileRow['devices'] = { online: 0, offline: 0, 'never-connected': 0, total: 0 };
  for (const { status, n } of devices) {
    if (DEVICE_STATUSES.includes(status)) byStatus[status] += n;
    byStatus.total += n;
  }
  return { ...row, orderCount: orders[0]?.n ?? 0, openOrderCount: open[0]?.n ?? 0, devices: byStatus };
}
