/**
 * The demo's fleet as rows: its customers, machine models and machines (gateways are the devices' seed), with the
 * sort keys and search texts their routes write. `deviceId` is kept as the demo seed attached it; each machine's
 * tunnel subnet (the seed allocated them in order) with its range as numbers.
 */
import type { DemoData } from '@/seed/data';
import { customer, machine, machineModel } from '../../main/db/fleet-schema';
import { derivedColumns } from '../../main/routes/customers/queries';
import { modelColumns } from '../../main/routes/machine-models/queries';
import { machineColumns } from '../../main/routes/machines/queries';
import { tunnelOf } from '../../main/routes/machines/tunnel';
import { seedTable, type SeedSource } from './types';

export const fleetSeed: SeedSource = (data: DemoData) => [
  seedTable(
    customer,
    data.customers.map((record) => ({
      id: record.id,
      ownerUid: record.ownerUid,
      name: record.name,
      tradeName: record.tradeName,
      cnpj: record.cnpj,
      email: record.email,
      phone: record.phone,
      city: record.city,
      uf: record.uf,
      requireFactoryApproval: record.requireFactoryApproval,
      ...derivedColumns(record),
      version: record.version,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
    })),
  ),
  seedTable(
    machineModel,
    data.machineModels.map((record) => ({
      ...modelColumns(record),
      id: record.id,
      ownerUid: record.ownerUid,
      version: record.version,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
    })),
  ),
  seedTable(
    machine,
    data.machines.map((record) => ({
      ...machineColumns({ ...record, services: record.services ?? null }),
      ...tunnelOf(record.tunnelSubnet ?? null),
      id: record.id,
      ownerUid: record.ownerUid,
      deviceId: record.deviceId,
      version: record.version,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
    })),
  ),
];
