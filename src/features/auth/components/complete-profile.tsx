import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { maskCnpj } from '@/contracts/validators/cnpj';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { identity } from '@/lib/firebase';
import { useAppDispatch, type AppDispatch } from '@/lib/redux';
import { IDENTITY_LOAD_FAILED, registerAndLoad, registrationFailure, signOut, type AuthError } from '../auth-actions';
import { AuthFailure } from '../auth-errors';
import { setUser } from '../auth-slice';
import type { AuthUser, PendingProfile } from '../types';
import { AuthCard } from './auth-card';
import { CompanyFields, validateCompany } from './company-fields';

type Field = 'name' | 'cnpj';
type Errors = Partial<Record<Field, string>>;

/** The registration contract's checks for what this step asks (the e-mail is the identity's own). */
export const validateCompleteProfile: (values: Record<Field, string>) => Errors = validateCompany;

/**
 * The signed-in person's builder record, through the registration contract (POST /assembler with the identity's
 * e-mail, the same Idempotency-Key for every retry of one submission), then GET /me. Throws an AuthError.
 * (Here, not in auth-actions.ts: only the portal's shell, a lazy chunk, needs it.)
 */
export async function completeRegistration(
  dispatch: AppDispatch,
  { name, cnpj, idempotencyKey }: { name: string; cnpj: string; idempotencyKey: string },
): Promise<AuthUser> {
  try {
    const id = await identity().catch(() => {
      throw new AuthFailure(IDENTITY_LOAD_FAILED);
    });
    const firebaseUser = id.currentUser();
    if (!firebaseUser) throw new AuthFailure('Sua sessão expirou. Entre novamente.');
    return await registerAndLoad(dispatch, firebaseUser, { name, cnpj, email: firebaseUser.email ?? '' }, idempotencyKey);
  } catch (error) {
    throw registrationFailure(error);
  }
}

export const COMPLETE_PROFILE_TITLE = 'Complete seu cadastro';

/**
 * "Complete seu cadastro": a signed-in person without a builder record (a first sign-in with Google, or an
 * account whose registration never reached the server) gives Nome and CNPJ; POST /assembler (the registration
 * contract, with the identity's e-mail) creates the builder and the portal opens where the person was going.
 * A CNPJ another builder registered is refused at its field with the server's message; what was typed stays.
 */
export function CompleteProfile({ pending }: { pending: PendingProfile }) {
  const dispatch = useAppDispatch();
  // The document title says this step, not the screen it stands in front of.
  useBreadcrumbTitle(COMPLETE_PROFILE_TITLE);
  const [values, setValues] = useState<Record<Field, string>>({ name: pending.name, cnpj: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const idempotencyKey = useRef(newIdempotencyKey());
  const nameRef = useRef<HTMLInputElement>(null);
  const cnpjRef = useRef<HTMLInputElement>(null);
  // The field to focus once the form is enabled again (a disabled input cannot take focus).
  const [focusTarget, setFocusTarget] = useState<Field | null>(null);
  useEffect(() => {
    if (submitting || !focusTarget) return;
    (focusTarget === 'name' ? nameRef : cnpjRef).current?.focus();
    setFocusTarget(null);
  }, [submitting, focusTarget]);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: field === 'cnpj' ? maskCnpj(value) : value }));
    // A different company is a different request: it gets its own key.
    idempotencyKey.current = newIdempotencyKey();
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateCompleteProfile(values);
    setErrors(found);
    setFormError(null);
    const first = (['name', 'cnpj'] as const).find((field) => found[field]);
    if (first) {
      setFocusTarget(first);
      return;
    }
    setSubmitting(true);
    try {
      const user = await completeRegistration(dispatch, { ...values, idempotencyKey: idempotencyKey.current });
      // The user (and no more pendingProfile): RequireAuth opens the portal where the person was going.
      dispatch(setUser(user));
      toast.success('Cadastro concluído. Bem-vindo ao Ponte IIoT!');
    } catch (error) {
      const { message, field } = error as AuthError;
      if (field === 'name' || field === 'cnpj') {
        setErrors({ [field]: message });
        setFocusTarget(field);
      } else {
        setFormError(message);
      }
      toast.error(message);
      setSubmitting(false);
    }
  };

  const leave = async () => {
    setLeaving(true);
    await dispatch(signOut()).catch(() => undefined);
  };

  return (
    <AuthCard
      title={COMPLETE_PROFILE_TITLE}
      subtitle="Falta pouco: informe os dados da sua empresa para abrir o portal."
      footer={
        <>
          Não é você?{' '}
          <Button variant="link" className="font-medium" onClick={() => void leave()} disabled={leaving || submitting}>
            Sair e usar outra conta
          </Button>
        </>
      }
    >
      <p className="mb-4 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        Conta: <strong className="font-medium text-slate-900">{pending.email}</strong>
      </p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-busy={submitting}>
        <CompanyFields
          values={values}
          errors={errors}
          onChange={change}
          disabled={submitting}
          refs={{ name: nameRef, cnpj: cnpjRef }}
        />
        {formError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {formError}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" loading={submitting}>
          Concluir cadastro
        </Button>
      </form>
    </AuthCard>
  );
}
