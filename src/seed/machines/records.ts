/** The demo database's machines and machine models: see `Machine` in src/contracts/machine.ts. */
import type { Stamped } from '@/seed/stored';

export type ServiceProtocol = 'http' | 'https' | 'vnc' | 'rdp' | 'ssh' | 'modbus-tcp' | 's7';

export interface MachineService {
  name: string;
  protocol: ServiceProtocol;
  port: number;
}

export interface MachineModelRecord extends Stamped {
  id: string;
  ownerUid: string;
  name: string;
  manufacturer: string;
  category: string;
  description: string;
  services: MachineService[];
  createdAt: number;
}

export interface MachineRecord extends Stamped {
  id: string;
  ownerUid: string;
  name: string;
  serialNumber: string;
  modelId: string;
  customerId: string | null;
  deviceId: string | null;
  site: string;
  lanSubnet: string;
  /**
   * Its tunnel subnet (issue 34: the same size as the LAN, unique across the platform; null without a LAN). Absent
   * in data stored before tunnel subnets existed.
   */
  tunnelSubnet?: string | null;
  /** The services reached on it (prefilled from its model). Absent in data stored before services existed: the
   * model's are shown then. */
  services?: MachineService[];
  createdAt: number;
}
