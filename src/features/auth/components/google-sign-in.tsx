import { useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { buttonClasses } from '@/components/ui/button';
import { useAppDispatch } from '@/lib/redux';
import { signInWithGoogle, type AuthError } from '../auth-actions';
import type { AuthArea, AuthUser } from '../types';

/** Google's "G", in its four colours (decorative: the button's text names it). */
function GoogleMark() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 48 48" className="h-5 w-5 shrink-0">
      <path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
      <path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z" />
      <path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z" />
    </svg>
  );
}

/**
 * "Entrar com Google": the identity SDK's popup (its code loads on the click, so the sign-in page's first load
 * does not carry it). A blocked popup says to allow pop-ups; a popup the person closed, or one that a new click
 * replaced (a new popup cancels the earlier one), says nothing; an unreachable identity service says so. The
 * button stays clickable while a popup is open: clicking again opens a fresh popup (one lost behind the window).
 */
export function GoogleSignIn({
  area,
  onSignedIn,
  onStart,
}: {
  area: AuthArea;
  onSignedIn: (user: AuthUser) => void;
  /** Called when an attempt starts (the page can drop an earlier notice). */
  onStart?: () => void;
}) {
  const dispatch = useAppDispatch();
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef(0);

  const start = async () => {
    attempt.current += 1;
    const mine = attempt.current;
    setError(null);
    setWaiting(true);
    onStart?.();
    try {
      const user = await dispatch(signInWithGoogle({ area })).unwrap();
      // null: signed in, the builder's registration comes next (the page follows the auth state there).
      if (user) {
        toast.success('Login realizado com sucesso.');
        onSignedIn(user);
      }
    } catch (failure) {
      const { message, quiet } = failure as AuthError;
      if (!quiet && mine === attempt.current) {
        setError(message);
        toast.error(message);
      }
    } finally {
      if (mine === attempt.current) setWaiting(false);
    }
  };

  return (
    <div className="mb-6">
      <button
        type="button"
        className={buttonClasses('secondary', 'lg', 'w-full')}
        onClick={() => void start()}
        aria-describedby={error ? 'google-sign-in-error' : undefined}
      >
        <GoogleMark />
        Entrar com Google
      </button>
      <p role="status" className="text-center text-sm text-slate-600">
        {waiting ? <span className="mt-2 block">Conclua o login na janela do Google.</span> : null}
      </p>
      {error ? (
        <p id="google-sign-in-error" role="alert" className="mt-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex items-center gap-3 text-xs text-slate-600" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        ou com e-mail
        <span className="h-px flex-1 bg-slate-200" />
      </div>
    </div>
  );
}
