import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignInPanel } from '@/features/auth/components/sign-in-panel';
import { portalPaths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks';
import { safeRedirect } from '@/lib/safe-redirect';

export default function LoginScreen() {
  const { user, pendingProfile } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = safeRedirect(params.get('redirect'), portalPaths.dashboard, [portalPaths.login, portalPaths.register]);
  // Signed in, or signed in with the builder's registration still to complete (asked where the target opens).
  if (user || pendingProfile) return <Navigate to={target} replace />;
  return (
    <AuthCard
      title="Entrar"
      subtitle="Acesse o portal da sua empresa."
      footer={
        <>
          Ainda não tem conta?{' '}
          <Link
            className="font-medium text-accent underline-offset-4 hover:underline"
            to={`${portalPaths.register}${params.size ? `?${params}` : ''}`}
          >
            Criar conta
          </Link>
        </>
      }
    >
      <SignInPanel area="portal" onSignedIn={() => navigate(target, { replace: true })} />
    </AuthCard>
  );
}
