import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '@/features/auth/components/auth-card';
import { GoogleSignIn } from '@/features/auth/components/google-sign-in';
import { IdentityStatus } from '@/features/auth/components/identity-status';
import { RegisterForm } from '@/features/auth/components/register-form';
import { portalPaths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks';
import { safeRedirect } from '@/lib/safe-redirect';

export default function RegisterScreen() {
  const { user, pendingProfile } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = safeRedirect(params.get('redirect'), portalPaths.start, [portalPaths.login, portalPaths.register]);
  // Signed in, or signed in with the builder's registration still to complete (asked where the target opens).
  if (user || pendingProfile) return <Navigate to={target} replace />;
  return (
    <AuthCard
      title="Criar conta"
      subtitle="Cadastre sua empresa para comprar gateways e acessar suas máquinas de qualquer lugar."
      footer={
        <>
          Já tem conta?{' '}
          <Link className="font-medium text-accent underline-offset-4 hover:underline" to={`${portalPaths.login}${params.size ? `?${params}` : ''}`}>
            Entrar
          </Link>
        </>
      }
    >
      <IdentityStatus />
      <GoogleSignIn area="portal" onSignedIn={() => navigate(target, { replace: true })} />
      <RegisterForm onRegistered={() => navigate(target, { replace: true })} />
    </AuthCard>
  );
}
