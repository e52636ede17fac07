import { useParams } from 'react-router-dom';
import { UpcomingScreen } from '../../../shared/upcoming-screen';

export default function SetupScreen() {
  const { code = '' } = useParams();
  return (
    <UpcomingScreen
      subtitle={`Código ${code}`}
      line="Confirme o código impresso na etiqueta do gateway e vincule-o a uma máquina para testar a conexão."
    />
  );
}
