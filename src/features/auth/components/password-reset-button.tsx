import { toast } from '@/components/ui/toast';
import { CooldownButton } from '@/components/ui/cooldown-button';
import { useAppDispatch } from '@/lib/redux';
import { resetPassword, type AuthError } from '../auth-actions';
import { RESET_COOLDOWN_SECONDS } from './sign-in-form';
import { useCurrentUser } from '../hooks';

/** Sends the password-reset e-mail to the signed-in user, with the cooldown button. */
export function PasswordResetButton() {
  const user = useCurrentUser();
  const dispatch = useAppDispatch();
  return (
    <CooldownButton
      variant="secondary"
      cooldownSeconds={RESET_COOLDOWN_SECONDS}
      cooldownLabel={(seconds) => `Reenviar em ${seconds}s`}
      onClick={async () => {
        try {
          await dispatch(resetPassword({ email: user.email })).unwrap();
          toast.success(`Enviamos um link para redefinir sua senha para ${user.email}.`);
        } catch (error) {
          // The request was made: the cooldown stands, so a failing service is not hammered.
          toast.error((error as AuthError).message);
        }
      }}
    >
      Redefinir senha por e-mail
    </CooldownButton>
  );
}
