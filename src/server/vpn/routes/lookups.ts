/**
 * Reads the VPN API makes of the main API's tables (machines, builders, gateways) — staff see every builder's, so
 * these are not scoped by an owner. Id lists go as ONE JSON parameter (`json_each`), never one parameter per id.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../shared/app-env';
import { assembler } from '../../shared/db/core-schema';
import { machine } from '../../main/db/fleet-schema';

export interface MachineRef {
  id: string;
  name: string;
  serialNumber: string;
  ownerUid: string;
  deviceId: string | null;
  lanSubnet: string;
  /** Its tunnel subnet (issue 34; null until it has one). */
  tunnelSubnet: string | null;
  ownerName: string | null;
}

/** `column IN (the ids)`, with the ids as one JSON parameter. */
export const inJson = (column: Parameters<typeof eq>[0], ids: readonly string[]) =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;

export async function machinesByIds(db: Db, ids: readonly string[]): Promise<Map<string, MachineRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: machine.id,
      name: machine.name,
      serialNumber: machine.serialNumber,
      ownerUid: machine.ownerUid,
      deviceId: machine.deviceId,
      lanSubnet: machine.lanSubnet,
      tunnelSubnet: machine.tunnelSubnet,
      // Aliased: `name` is the machine's too.
      ownerName: sql<string | null>`${assembler.name}`.as('owner_name'),
    })
    .from(machine)
    .leftJoin(assembler, eq(assembler.uid, machine.ownerUid))
    .where(inJson(machine.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function assemblerNames(db: Db, uids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(uids)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ uid: assembler.uid, name: assembler.name }).from(assembler).where(inJson(assembler.uid, wanted));
  return new Map(rows.map((row) => [row.uid, row.name]));
}
