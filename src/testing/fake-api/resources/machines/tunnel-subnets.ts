/**
 * Machines' tunnel subnets in the unit tests' API (issue 34; the real allocator is the main API's): the seed gives
 * each machine with a LAN its block (src/seed/machines/seed.ts); a machine created since, or whose LAN changed size,
 * gets the next free block of its LAN's size after every block handed out — the same one while its LAN stays.
 */
import { cidrText, nextTunnelBlock, parseCidr } from '@/contracts/tunnel';
import type { DemoData } from '@/testing/fake-api/db';

interface Allocator {
  /** machineId → the LAN it was allocated for and its block. */
  byMachine: Map<string, { lan: string; tunnel: string }>;
  /** Where the next block is looked for (a number; null: the pool's start). */
  cursor: number | null;
}

const allocators = new WeakMap<DemoData, Allocator>();

function allocatorOf(data: DemoData): Allocator {
  let allocator = allocators.get(data);
  if (!allocator) {
    let cursor: number | null = null;
    for (const machine of data.machines) {
      const block = machine.tunnelSubnet ? parseCidr(machine.tunnelSubnet) : null;
      if (block && (cursor === null || block.end + 1 > cursor)) cursor = block.end + 1;
    }
    allocator = { byMachine: new Map(), cursor };
    allocators.set(data, allocator);
  }
  return allocator;
}

const sameSize = (a: string, b: string) => parseCidr(a)?.size === parseCidr(b)?.size;

/** The machine's tunnel subnet; null without a (valid) LAN. */
export function machineTunnelSubnet(data: DemoData, machine: { id: string; lanSubnet: string; tunnelSubnet?: string | null }): string | null {
  const lan = machine.lanSubnet.trim();
  const network = parseCidr(lan);
  if (!network) return null;
  if (machine.tunnelSubnet && sameSize(machine.tunnelSubnet, lan)) return machine.tunnelSubnet;
  const allocator = allocatorOf(data);
  const current = allocator.byMachine.get(machine.id);
  if (current && current.lan === lan) return current.tunnel;
  const block = nextTunnelBlock(allocator.cursor, network.prefix);
  if (!block) return null;
  allocator.cursor = block.end + 1;
  const tunnel = cidrText(block.start, block.prefix);
  allocator.byMachine.set(machine.id, { lan, tunnel });
  return tunnel;
}
