/**
 * A machine's page (features/fleet) with its "Acesso remoto" section and, in "Histórico de acesso", its remote-access
 * sessions (features/remote-access): composed here, as no feature imports another.
 */
import type { Machine } from '@/contracts/machine';
import { MachineDetail, type MachineDetailSlots } from '@/features/fleet/machines/screens/machine-detail';
import { MachineRemoteAccessHistory } from '@/features/remote-access/components/machine-sessions';
import { RemoteAccessSection } from '@/features/remote-access/components/remote-access-section';

const SLOTS: MachineDetailSlots = {
  remoteAccess: (machine: Machine) => <RemoteAccessSection machine={machine} />,
  remoteAccessHistory: (machine: Machine) => <MachineRemoteAccessHistory machineId={machine.id} />,
};

export default function MachineScreen() {
  return <MachineDetail slots={SLOTS} />;
}
