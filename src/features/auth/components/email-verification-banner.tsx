import { useEffect } from 'react';
import { CooldownButton } from '@/components/ui/cooldown-button';
import { toast } from '@/components/ui/toast';
import { useAppDispatch } from '@/lib/redux';
import { refreshEmailVerification, sendVerificationEmail } from '../auth-actions';
import { authErrorMessage } from '../auth-errors';
import { useAuth } from '../hooks';

/** Seconds between two "Reenviar" (Firebase limits the verification e-mails too). */
export const RESEND_COOLDOWN_SECONDS = 60;

export const RESEND_FAILED = 'Não foi possível reenviar o e-mail de confirmação. Tente novamente em alguns minutos.';
export const resentMessage = (email: string) => `Enviamos um novo link de confirmação para ${email}.`;

/**
 * "Confirme seu e-mail" with "Reenviar" (issue 35), in the portal's shell while the signed-in person's e-mail is
 * not verified: until then the API refuses buying, inviting and connecting, and the CNPJ is only held for 48 h.
 * The person opens the link elsewhere (another tab, the phone): on showing and whenever the page comes back into
 * view, the identity is reloaded and, once verified, the token refreshed (`email_verified: true`) and the banner goes.
 */
export function EmailVerificationBanner() {
  const { user } = useAuth();
  const dispatch = useAppDispatch();
  const unverified = user?.emailVerified === false;

  useEffect(() => {
    if (!unverified) return undefined;
    let checking = false;
    const check = () => {
      if (checking || document.visibilityState === 'hidden') return;
      checking = true;
      void refreshEmailVerification(dispatch)
        .catch(() => false)
        .finally(() => {
          checking = false;
        });
    };
    check();
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  }, [unverified, dispatch]);

  if (!unverified || !user) return null;
  return (
    <section
      aria-labelledby="confirme-email"
      className="flex flex-col gap-3 border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:px-6"
    >
      <div className="min-w-0 flex-1">
        <h2 id="confirme-email" className="font-semibold">
          Confirme seu e-mail
        </h2>
        <p>
          Enviamos um link de confirmação para <strong>{user.email}</strong>. Até confirmar, você pode explorar o
          portal, mas não pode comprar, convidar pessoas nem conectar-se às máquinas. Uma empresa cadastrada sem o
          e-mail confirmado em 48 horas tem o cadastro liberado.
        </p>
      </div>
      <CooldownButton
        variant="secondary"
        size="sm"
        cooldownSeconds={RESEND_COOLDOWN_SECONDS}
        cooldownLabel={(seconds) => `Reenviar em ${seconds}s`}
        onClick={async () => {
          try {
            await sendVerificationEmail();
            toast.success(resentMessage(user.email));
          } catch (error) {
            // The request was made: the cooldown stands, so a failing service is not hammered.
            toast.error(authErrorMessage(error, RESEND_FAILED));
          }
        }}
      >
        Reenviar
      </CooldownButton>
    </section>
  );
}
