import { useRef, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { areaUrl } from '@/config/areas';
import { landingPaths } from '@/config/paths';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { maskCnpj } from '@/contracts/validators/cnpj';
import { useAppDispatch } from '@/lib/redux';
import { emailProblem, MIN_PASSWORD_LENGTH, passwordProblem } from '@/contracts/validators/fields';
import { signUp, type AuthError } from '../auth-actions';
import type { AuthUser } from '../types';
import { CompanyFields, validateCompany } from './company-fields';

type Field = 'name' | 'cnpj' | 'email' | 'password';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const ORDER: Field[] = ['name', 'cnpj', 'email', 'password'];

/**
 * The same checks and messages as the account contract's `assemblerRegistrationSchema` (which POST /assembler
 * validates with), without zod: /register is a sign-in-style page whose first load stays light (docs/quality.md,
 * "Performance rules"), so this form stays off the form kit. `account-contract.test.ts` keeps the two in step.
 */
export function validateRegistration(values: Values): Errors {
  const errors: Errors = validateCompany(values);
  const email = emailProblem(values.email);
  if (email) errors.email = email;
  const password = passwordProblem(values.password);
  if (password) errors.password = password;
  return errors;
}

/**
 * "Nome", "CNPJ", "E-mail", "Senha", "Criar conta". The CNPJ is masked as typed (numeric or alphanumeric) and
 * checked with its check digits. A failure keeps everything typed; retrying reuses the same identity account
 * and the same Idempotency-Key, so nothing is created twice.
 */
export function RegisterForm({ onRegistered }: { onRegistered: (user: AuthUser) => void }) {
  const dispatch = useAppDispatch();
  const [values, setValues] = useState<Values>({ name: '', cnpj: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const idempotencyKey = useRef(newIdempotencyKey());
  const refs = {
    name: useRef<HTMLInputElement>(null),
    cnpj: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: field === 'cnpj' ? maskCnpj(value) : value }));
    // A different company or e-mail is a different request: it gets its own key.
    if (field !== 'password') idempotencyKey.current = newIdempotencyKey();
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateRegistration(values);
    setErrors(found);
    setFormError(null);
    const first = ORDER.find((field) => found[field]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const user = await dispatch(signUp({ ...values, idempotencyKey: idempotencyKey.current })).unwrap();
      toast.success('Conta criada com sucesso. Bem-vindo ao Ponte IIoT!');
      onRegistered(user);
    } catch (error) {
      const { message, field } = error as AuthError;
      setFormError(message);
      if (field) {
        setErrors({ [field]: message });
        refs[field].current?.focus();
      }
      toast.error(message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-busy={submitting}>
      <CompanyFields values={values} errors={errors} onChange={change} disabled={submitting} refs={refs} />
      <TextField
        ref={refs.email}
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
        error={errors.email}
        disabled={submitting}
      />
      <TextField
        ref={refs.password}
        label="Senha"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={(event) => change('password', event.target.value)}
        error={errors.password}
        hint={`Mínimo de ${MIN_PASSWORD_LENGTH} caracteres.`}
        disabled={submitting}
      />
      {formError && !Object.values(errors).some(Boolean) ? (
        <p className="rounded-md bg-red-50 p-3 text-sm text-red-800">{formError}</p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" loading={submitting}>
        Criar conta
      </Button>
      <p className="text-sm text-slate-600">
        Ao criar sua conta você concorda com os{' '}
        <a href={areaUrl('landing', landingPaths.terms, window.location)} target="_blank" rel="noreferrer" className="font-medium text-accent-strong underline">
          Termos de Uso
        </a>{' '}
        e a{' '}
        <a href={areaUrl('landing', landingPaths.privacy, window.location)} target="_blank" rel="noreferrer" className="font-medium text-accent-strong underline">
          Política de Privacidade
        </a>
        .
      </p>
    </form>
  );
}
