/**
 * Nodes follow the gateways: a claimed gateway that has connected with an address of the VPN's gateway pool
 * (10.88.0.0/16) and has no node yet gets one (settled on read), named after it, with its machine's LAN as its
 * first route — as the demo's seed derives them. The seeded nodes are exactly these, so the seed is unchanged by
 * it; a gateway configured later (the demo brings it online ~8 s after its download) appears as a new node.
 */
import { and, eq, isNotNull, like, ne, notExists } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { normalizeCidr } from '@/contracts/vpn';
import { cidrProblem } from '@/contracts/validators/fields';
import type { Db } from '../../../shared/app-env';
import { nextId } from '../../../shared/ids';
import { device } from '../../../main/db/device-schema';
import { machine } from '../../../main/db/fleet-schema';
import { vpnNode, vpnRoute } from '../../db/vpn-schema';
import { routeDerivedColumns } from '../vpn-routes/queries';
import { nodeDerivedColumns } from './queries';

const GATEWAY_POOL_PREFIX = '10.88.';

export async function syncNodes(db: Db, now = Date.now()): Promise<void> {
  const missing = await db
    .select({
      id: device.id,
      ownerUid: device.ownerUid,
      name: device.name,
      serialNumber: device.serialNumber,
      vpnAddress: device.vpnAddress,
      lanSubnet: machine.lanSubnet,
    })
    .from(device)
    .leftJoin(machine, and(eq(machine.id, device.machineId), eq(machine.ownerUid, device.ownerUid)))
    .where(
      and(
        isNotNull(device.ownerUid),
        like(device.vpnAddress, `${GATEWAY_POOL_PREFIX}%`),
        ne(device.status, 'never-connected'),
        notExists(db.select({ id: vpnNode.id }).from(vpnNode).where(eq(vpnNode.deviceId, device.id))),
      ),
    )
    .orderBy(device.id)
    .limit(20);
  const writes: BatchItem<'sqlite'>[] = [];
  for (const gateway of missing) {
    if (!gateway.ownerUid || !gateway.vpnAddress) continue;
    const id = await nextId(db, 'vpn-node');
    const name = gateway.name.replace('Gateway ', '');
    writes.push(
      db
        .insert(vpnNode)
        .values({
          id,
          ownerUid: gateway.ownerUid,
          name,
          deviceId: gateway.id,
          vpnAddress: gateway.vpnAddress,
          lastHandshakeAt: null,
          tokenHash: null,
          tokenIssuedAt: null,
          ...nodeDerivedColumns(name, gateway.vpnAddress, gateway.serialNumber),
          version: 1,
          createdAt: now,
          updatedAt: now,
        }),
    );
    if (gateway.lanSubnet && cidrProblem(gateway.lanSubnet) === null) {
      const input = { network: normalizeCidr(gateway.lanSubnet), description: `Rede da máquina ${name}` };
      writes.push(
        db.insert(vpnRoute).values({
          id: await nextId(db, 'vpn-route'),
          ownerUid: gateway.ownerUid,
          nodeId: id,
          ...input,
          enabled: true,
          ...routeDerivedColumns(input, name),
          version: 1,
          createdAt: now,
          updatedAt: now,
        }),
      );
    }
  }
  const [first, ...rest] = writes;
  if (!first) return;
  try {
    // Nodes and their routes in one batch: all or nothing.
    await db.batch([first, ...rest]);
  } catch (error) {
    // Another request synced the same gateway first (unique device_id): its nodes stand.
    if (!/UNIQUE constraint failed/.test(`${error instanceof Error ? error.message : ''} ${String((error as { cause?: unknown }).cause ?? '')}`)) throw error;
  }
}
