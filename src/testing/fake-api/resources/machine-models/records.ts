/**
 * The demo database's machine model: see `MachineModel` in src/contracts/machine-model.ts (`machineCount` is
 * computed, never stored). The record type and the seed still live with the machines (resources/machines), which
 * are built from the models; this folder is where the model's handlers import them from.
 */
export type { MachineModelRecord, MachineService, ServiceProtocol } from '@/seed/machines/records';
