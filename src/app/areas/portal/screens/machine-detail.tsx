/**
 * A machine's page (features/fleet) with its "Acesso remoto" section (features/remote-access): composed here, as no
 * feature imports another.
 */
import type { Machine } from '@/contracts/machine';
import { MachineDetail, type MachineDetailSlots } from '@/features/fleet/machines/screens/machine-detail';
import { RemoteAccessSection } from '@/features/remote-access/components/remote-access-section';

const SLOTS: MachineDetailSlots = {
  remoteAccess: (machine: Machine) => <RemoteAccessSection machine={machine} />,
};

export default function MachineScreen() {
  return <MachineDetail slots={SLOTS} />;
}
