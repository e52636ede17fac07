/**
 * Machines' tunnel subnets (issue 34): each machine with a LAN holds a block of the same size from TUNNEL_POOL,
 * aligned, unique across the platform (every account: no owner here). A bump allocator: the block after the
 * highest one held (blocks never overlap, so the highest start has the highest end — `max(tunnel_end)` read through
 * the unique index on `tunnel_start`); once the pool's end is reached, the first gap left by deleted machines.
 *
 * The write that takes a block carries `tunnelFree` in its WHERE, so two machines taking the same block at once
 * cannot both keep it (the loser retries with a fresh block: machines/routes.ts); the unique index on tunnel_start
 * is the last word.
 */
import { sql, type SQL } from 'drizzle-orm';
import { cidrText, firstFreeTunnelBlock, nextTunnelBlock, parseCidr } from '@/contracts/tunnel';
import type { Db } from '../../../shared/app-env';
import { conflict } from '../../../shared/errors';

export const TUNNEL_POOL_EXHAUSTED_MESSAGE =
  'Não há mais sub-redes de túnel livres para uma rede deste tamanho: use uma rede menor ou fale com a equipe Ponte IIoT.';

/** A machine's tunnel columns. */
export interface TunnelColumns {
  tunnelSubnet: string | null;
  tunnelStart: number | null;
  tunnelEnd: number | null;
}

export const NO_TUNNEL: TunnelColumns = { tunnelSubnet: null, tunnelStart: null, tunnelEnd: null };

/** The columns of a tunnel subnet as answered (`10.128.3.0/24`); none for null or unreadable text. */
export function tunnelOf(subnet: string | null): TunnelColumns {
  const block = subnet ? parseCidr(subnet) : null;
  return block ? { tunnelSubnet: subnet, tunnelStart: block.start, tunnelEnd: block.end } : NO_TUNNEL;
}

/** The block for a LAN of `prefix` (no machine holds it as read now): bump, else the first gap; 409 when none. */
export async function allocateTunnel(db: Db, prefix: number): Promise<TunnelColumns> {
  const last = await db.get<{ tunnelEnd: number } | undefined>(
    sql`SELECT tunnel_end AS tunnelEnd FROM machine WHERE tunnel_start IS NOT NULL ORDER BY tunnel_start DESC LIMIT 1`,
  );
  let block = nextTunnelBlock(last ? last.tunnelEnd + 1 : null, prefix);
  if (!block) {
    // The pool's end reached: the gaps deleted machines left (read once, in order; bounded by the machines held).
    const taken = await db.all<{ start: number; end: number }>(
      sql`SELECT tunnel_start AS start, tunnel_end AS "end" FROM machine WHERE tunnel_start IS NOT NULL ORDER BY tunnel_start`,
    );
    block = firstFreeTunnelBlock(taken, prefix);
  }
  if (!block) throw conflict('tunnel-pool-exhausted', TUNNEL_POOL_EXHAUSTED_MESSAGE, { field: 'lanSubnet' });
  return { tunnelSubnet: cidrText(block.start, block.prefix), tunnelStart: block.start, tunnelEnd: block.end };
}

/**
 * The tunnel a machine keeps or takes for `lan`: none without a LAN; its current one while the LAN keeps its size
 * (a renumbered LAN of the same size keeps its tunnel addresses); else a new block.
 */
export async function tunnelFor(db: Db, lan: string, current: TunnelColumns | null): Promise<TunnelColumns> {
  const network = lan.trim() === '' ? null : parseCidr(lan);
  if (!network) return NO_TUNNEL;
  const held = current?.tunnelSubnet ? parseCidr(current.tunnelSubnet) : null;
  if (current && held && held.prefix === network.prefix) return current;
  return allocateTunnel(db, network.prefix);
}

/**
 * True while no machine but `machineId` holds an address of the block (none: always true). Blocks are aligned
 * and never overlap, so one overlaps [start, end] iff one starts inside it or the one starting last before it
 * reaches into it — both read through the index on tunnel_start.
 */
export function tunnelFree(tunnel: TunnelColumns, machineId: string): SQL {
  const { tunnelStart: start, tunnelEnd: end } = tunnel;
  if (start === null || end === null) return sql`1`;
  return sql`(NOT EXISTS (SELECT 1 FROM machine WHERE tunnel_start BETWEEN ${start} AND ${end} AND id <> ${machineId})
    AND coalesce((SELECT tunnel_end FROM machine WHERE tunnel_start < ${start} AND id <> ${machineId}
      ORDER BY tunnel_start DESC LIMIT 1), -1) < ${start})`;
}
