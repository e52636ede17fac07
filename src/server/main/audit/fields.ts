/** How some records' fields are written in the audit log (readable in "Detalhes" and the CSV). */
import { protocolLabel, type MachineService } from '@/contracts/machine-model';

/** `CLP (Modbus TCP, porta 502)`: a machine's service as the log keeps it. */
export const serviceText = (service: MachineService): string => `${service.name} (${protocolLabel(service.protocol)}, porta ${service.port})`;

/** A machine's network as the log keeps it: its LAN and its gateway's name ('' without). */
export const machineNetwork = (lanSubnet: string, gatewayName: string | null | undefined) => ({ lanSubnet: lanSubnet.trim(), gateway: gatewayName ?? '' });

/** A machine's services as the log keeps them, in port order. */
export const machineServices = (services: readonly MachineService[]) => ({
  services: [...services].sort((a, b) => a.port - b.port || a.protocol.localeCompare(b.protocol)).map(serviceText),
});
