import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '@/features/auth/components/auth-card';
import { IdentityStatus } from '@/features/auth/components/identity-status';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useAuth } from '@/features/auth/hooks';
import { safeRedirect } from '@/lib/safe-redirect';

const NOT_AFTER_LOGIN = ['/login', '/register'];

export default function LoginScreen() {
  const { user, error } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // A notice left by the session check (e.g. "Usuário não autorizado") until the next attempt.
  const [notice, setNotice] = useState(error);
  const target = safeRedirect(params.get('redirect'), '/', NOT_AFTER_LOGIN);
  if (user) return <Navigate to={target} replace />;
  return (
    <AuthCard
      title="Entrar"
      subtitle="Acesse o portal da sua empresa."
      footer={
        <>
          Ainda não tem conta?{' '}
          <Link className="font-medium text-accent underline-offset-4 hover:underline" to={`/register${params.size ? `?${params}` : ''}`}>
            Criar conta
          </Link>
        </>
      }
    >
      <IdentityStatus />
      {notice ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {notice}
        </p>
      ) : null}
      <SignInForm
        area="portal"
        onSubmitStart={() => setNotice(null)}
        onSignedIn={() => navigate(target, { replace: true })}
      />
    </AuthCard>
  );
}
