import { useParams } from 'react-router-dom';
import { AuthCard } from '@/features/auth/components/auth-card';
import { FactoryApproval } from '@/features/remote-access/components/factory-approval';

/**
 * /aprovacao-acesso/:token — the factory approves (or refuses) a builder's remote access to one of its machines, from
 * the link e-mailed to it; no sign-in (issue 25, item 4).
 */
export default function FactoryApprovalScreen() {
  const { token = '' } = useParams();
  return (
    <AuthCard title="Aprovação de acesso remoto" subtitle="Uma montadora pede acesso remoto a uma máquina da sua fábrica.">
      <FactoryApproval token={token} />
    </AuthCard>
  );
}
