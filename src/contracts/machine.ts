/**
 * Machine: equipment the builder made, installed at one of its customers (or still in stock), reached through a
 * gateway. Read-only for now: the list and the detail; the fleet work adds the form schema.
 */
import { defineListQuery } from './common';

export interface Machine {
  id: string;
  /** Name or tag, e.g. "IH-450 #01". */
  name: string;
  serialNumber: string;
  modelId: string;
  modelName: string;
  /** null: in stock, not installed at a customer. */
  customerId: string | null;
  customerName: string | null;
  /** The gateway installed on it, if any. */
  deviceId: string | null;
  site: string;
  /** The machine's LAN, IPv4 CIDR. */
  lanSubnet: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export type MachineSortKey = 'name' | 'serialNumber' | 'modelName' | 'customerName' | 'site' | 'createdAt';

/** `customer` and `model` filter by id: any id is accepted (an unknown one simply matches nothing). */
export const machineListQuery = defineListQuery<MachineSortKey, { customer: string; model: string }>({
  sortKeys: ['name', 'serialNumber', 'modelName', 'customerName', 'site', 'createdAt'],
  defaultSort: 'name',
  filters: { customer: 'any', model: 'any' },
});

export type MachineListQuery = ReturnType<typeof machineListQuery.parse>;
