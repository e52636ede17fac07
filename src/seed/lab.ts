/**
 * The lab's two factories (issue 34, `npm run lab`): two machines of the demo builder at two customers, each behind
 * its own online gateway, on the SAME LAN 192.168.0.0/24 (a builder who clones machines), each with an HTTP page on
 * 80 and Modbus TCP on 502. Each is reached through its own tunnel subnet (src/contracts/tunnel.ts). The demo seed
 * (src/seed/machines/seed.ts) gives them this LAN; neither customer requires the factory's approval.
 */
export const LAB_LAN = '192.168.0.0/24';
/** The PLC simulator's address in each factory's machine namespace. */
export const LAB_PLC_ADDRESS = '192.168.0.10';

export interface LabFactory {
  machineId: string;
  machineName: string;
  deviceId: string;
  customerId: string;
  customerName: string;
}

export const LAB_FACTORIES: readonly [LabFactory, LabFactory] = [
  {
    machineId: 'machine-1023',
    machineName: 'EX-90 #03',
    deviceId: 'device-1023',
    customerId: 'customer-1007',
    customerName: 'Indústria de Bebidas Amazônia Ltda',
  },
  {
    machineId: 'machine-1046',
    machineName: 'EX-90 #06',
    deviceId: 'device-1046',
    customerId: 'customer-1002',
    customerName: 'Alimentos Serra Gaúcha S.A.',
  },
];

export const LAB_MACHINE_IDS: readonly string[] = LAB_FACTORIES.map((factory) => factory.machineId);
