/**
 * What every stored record of the demo database carries: optimistic-concurrency `version` (1 on create, +1 on
 * every update) and `updatedAt` (epoch ms). Kept apart from db.ts so resource record files import no cycle.
 */
export interface Stamped {
  version: number;
  updatedAt: number;
}

/** A record of an owned collection: `ownerUid` null means nobody owns it yet (an unclaimed gateway). */
export interface OwnedRecord extends Stamped {
  id: string;
  ownerUid: string | null;
  createdAt: number;
}

/** Adds version 1 and updatedAt (the record's own updatedAt, else its createdAt, else `now`). */
export function stamp<T extends object>(rows: T[], now: number): Array<T & Stamped> {
  return rows.map((row) => {
    const times = row as { createdAt?: unknown; updatedAt?: unknown };
    const updatedAt =
      typeof times.updatedAt === 'number' ? times.updatedAt : typeof times.createdAt === 'number' ? times.createdAt : now;
    return { ...row, version: 1, updatedAt };
  });
}
