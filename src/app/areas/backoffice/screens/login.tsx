import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '@/features/auth/components/auth-card';
import { IdentityStatus } from '@/features/auth/components/identity-status';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useAuth } from '@/features/auth/hooks';
import { safeRedirect } from '@/lib/safe-redirect';

export default function BackofficeLoginScreen() {
  const { user, error } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // A notice left by the session check (e.g. "Usuário não autorizado") until the next attempt.
  const [notice, setNotice] = useState(error);
  const target = safeRedirect(params.get('redirect'), '/', ['/backoffice-login']);
  if (user?.admin) return <Navigate to={target} replace />;
  return (
    <AuthCard title="Back office" subtitle="Acesso restrito à equipe Ponte IIoT.">
      <IdentityStatus />
      {notice ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {notice}
        </p>
      ) : null}
      <SignInForm
        area="backoffice"
        onSubmitStart={() => setNotice(null)}
        onSignedIn={() => navigate(target, { replace: true })}
      />
    </AuthCard>
  );
}
