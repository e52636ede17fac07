import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { CooldownButton } from '@/components/ui/cooldown-button';
import { TextField } from '@/components/ui/field';
import { useAppDispatch } from '@/lib/redux';
import { emailProblem, passwordProblem } from '@/contracts/validators/fields';
import { resetPassword, signIn, type AuthError } from '../auth-actions';
import type { AuthArea, AuthUser } from '../types';
import { DemoAccountsHint } from './demo-accounts-hint';

export const RESET_COOLDOWN_SECONDS = 60;

type Errors = Partial<Record<'email' | 'password', string>>;

/** "E-mail", "Senha", "Entrar"; "Esqueci minha senha" sends the reset e-mail with a cooldown. */
export function SignInForm({
  area,
  onSignedIn,
  onSubmitStart,
}: {
  area: AuthArea;
  onSignedIn: (user: AuthUser) => void;
  /** Called when a submission starts (the page can drop an earlier notice). */
  onSubmitStart?: () => void;
}) {
  const dispatch = useAppDispatch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // The deployed sign-in page is HTML before React hydrates it: keep what was typed (or autofilled) meanwhile.
  useEffect(() => {
    const typedEmail = emailRef.current?.value;
    const typedPassword = passwordRef.current?.value;
    if (typedEmail) setEmail(typedEmail);
    if (typedPassword) setPassword(typedPassword);
  }, []);

  const validate = (values: { email: string; password: string }): Errors => {
    const next: Errors = {};
    const emailIssue = emailProblem(values.email);
    if (emailIssue) next.email = emailIssue;
    if (values.password === '') next.password = 'Informe a senha.';
    else if (passwordProblem(values.password)) next.password = passwordProblem(values.password) ?? undefined;
    return next;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    // The fields themselves: a submit replayed right after hydration comes before the state has caught up.
    const values = { email: emailRef.current?.value ?? email, password: passwordRef.current?.value ?? password };
    const found = validate(values);
    setErrors(found);
    setFormError(null);
    onSubmitStart?.();
    if (found.email || found.password) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const user = await dispatch(signIn({ ...values, area })).unwrap();
      // null: signed in, the builder's registration comes next (the page follows the auth state there).
      if (user) {
        toast.success('Login realizado com sucesso.');
        onSignedIn(user);
      }
    } catch (error) {
      const { message, field } = error as AuthError;
      setFormError(message);
      if (field === 'email' || field === 'password') setErrors({ [field]: message });
      toast.error(message);
    } finally {
      setSubmitting(false);
    }
  };

  /** False when nothing was sent (no valid e-mail yet): only then is the button's cooldown lifted. */
  const onForgot = async (): Promise<boolean> => {
    const address = emailRef.current?.value ?? email;
    const issue = emailProblem(address);
    if (issue) {
      setErrors({ email: `${issue} Enviaremos o link de redefinição para ele.` });
      emailRef.current?.focus();
      return false;
    }
    setErrors({});
    try {
      await dispatch(resetPassword({ email: address })).unwrap();
      toast.success(`Se houver uma conta com ${address.trim()}, enviamos um link para redefinir a senha.`);
    } catch (error) {
      toast.error((error as AuthError).message);
    }
    return true;
  };

  return (
    <>
      {/* POST: should the browser ever send it itself (no script), the password never goes into an address. */}
      <form method="post" noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-busy={submitting}>
        <TextField
          ref={emailRef}
          label="E-mail"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
          disabled={submitting}
        />
        <TextField
          ref={passwordRef}
          label="Senha"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          disabled={submitting}
        />
        {formError && !errors.email && !errors.password ? (
          <p className="rounded-md bg-red-50 p-3 text-sm text-red-800">{formError}</p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" loading={submitting}>
          Entrar
        </Button>
        <div className="text-center">
          <CooldownButton
            variant="link"
            cooldownSeconds={RESET_COOLDOWN_SECONDS}
            cooldownLabel={(seconds) => `Reenviar em ${seconds}s`}
            onClick={onForgot}
            disabled={submitting}
          >
            Esqueci minha senha
          </CooldownButton>
        </div>
      </form>
      <DemoAccountsHint
        admin={area === 'backoffice'}
        onPick={(pickedEmail, pickedPassword) => {
          setEmail(pickedEmail);
          setPassword(pickedPassword);
          setErrors({});
          setFormError(null);
        }}
      />
    </>
  );
}
