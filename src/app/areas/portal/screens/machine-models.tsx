import { UpcomingScreen } from '../../../shared/upcoming-screen';

export default function MachineModelsScreen() {
  return (
    <UpcomingScreen
      line="Descreva seus modelos de máquina e os serviços padrão (IHM, CLP, VNC) que cada máquina herda."
    />
  );
}
