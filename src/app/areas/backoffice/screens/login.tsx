import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignInPanel } from '@/features/auth/components/sign-in-panel';
import { backofficePaths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks';
import { safeRedirect } from '@/lib/safe-redirect';

export default function BackofficeLoginScreen() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = safeRedirect(params.get('redirect'), backofficePaths.dashboard, [backofficePaths.login]);
  if (user?.admin) return <Navigate to={target} replace />;
  return (
    <AuthCard title="Back office" subtitle="Acesso restrito à equipe Ponte IIoT.">
      <SignInPanel area="backoffice" onSignedIn={() => navigate(target, { replace: true })} />
    </AuthCard>
  );
}
