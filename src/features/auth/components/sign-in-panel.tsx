import { useState } from 'react';
import { useAuth } from '../hooks';
import type { AuthArea, AuthUser } from '../types';
import { GoogleSignIn } from './google-sign-in';
import { IdentityStatus } from './identity-status';
import { SignInForm } from './sign-in-form';

/**
 * The body of a sign-in page: the identity service's status (demo), the notice the session check left
 * behind ("Usuário não autorizado", a missing profile) until the next attempt, "Entrar com Google" and the form.
 */
export function SignInPanel({ area, onSignedIn }: { area: AuthArea; onSignedIn: (user: AuthUser) => void }) {
  const { error } = useAuth();
  const [notice, setNotice] = useState(error);
  return (
    <>
      <IdentityStatus />
      {notice ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {notice}
        </p>
      ) : null}
      <GoogleSignIn area={area} onStart={() => setNotice(null)} onSignedIn={onSignedIn} />
      <SignInForm area={area} onSubmitStart={() => setNotice(null)} onSignedIn={onSignedIn} />
    </>
  );
}
