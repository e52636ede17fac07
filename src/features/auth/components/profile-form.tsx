import { useEffect, useRef } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormErrorBanner } from '@/components/ui/form/banners';
import { TextInputField } from '@/components/ui/form/fields';
import { Form } from '@/components/ui/form/form';
import { useFormSubmit } from '@/components/ui/form/use-form-submit';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '@/components/ui/form/use-unsaved-changes';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { profileUpdateSchema, type ProfileUpdate } from '@/contracts/account';
import { apiErrorMessage } from '@/lib/api/errors';
import { formatCnpj } from '@/contracts/validators/cnpj';
import { useAppDispatch } from '@/lib/redux';
import { useMe, useUpdateMeMutation } from '../api';
import { setUser } from '../auth-slice';
import { updateStoredUser } from '../auth-storage';
import { useCurrentUser } from '../hooks';
import type { Me } from '../types';

const FIELDS = ['name'] as const;

/** Name, CNPJ and e-mail from GET /me; the name can be changed (PATCH /me, the account contract). */
export function ProfileForm() {
  const me = useMe();

  // Once loaded, the form stays even if a later refetch fails: what the user is typing is never thrown away.
  if (me.data) return <ProfileEditor me={me.data} />;
  if (me.isError) {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>Não foi possível carregar seu perfil. {apiErrorMessage(me.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void me.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="text-sm text-slate-600">
      Carregando seu perfil…
    </p>
  );
}

function ProfileEditor({ me }: { me: Me }) {
  const user = useCurrentUser();
  const dispatch = useAppDispatch();
  const [updateMe] = useUpdateMeMutation();
  const form = useZodForm(profileUpdateSchema, { defaultValues: { name: me.name } });
  const { isDirty, isSubmitting } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);

  // Follow the server's name: a refetch that brings a new one makes it the form's starting point, but never
  // overwrites what the user has typed (their value stays, still unsaved). Not while saving: the save itself
  // settles the form, and the refetch it triggers is adopted once it ends.
  const serverName = me.name;
  const adoptedName = useRef(serverName);
  useEffect(() => {
    if (isSubmitting || serverName === adoptedName.current) return;
    adoptedName.current = serverName;
    form.reset(
      { name: serverName },
      {
        keepValues: form.getFieldState('name').isDirty,
        keepErrors: true,
        keepTouched: true,
        keepIsSubmitted: true,
        keepSubmitCount: true,
      },
    );
  }, [serverName, isSubmitting, form]);

  // A refusal: what the user typed stays; a 400 on the name lands on the field, anything else above the button.
  const { submit, formError } = useFormSubmit(form, FIELDS, async ({ name }: ProfileUpdate) => {
    const saved = await updateMe({ name }).unwrap();
    // The saved name is the new starting point: nothing unsaved is left.
    form.reset({ name: saved.name }, { keepSubmitCount: true });
    const next = { ...user, name: saved.name };
    dispatch(setUser(next));
    updateStoredUser(next);
    toast.success('Perfil atualizado.');
  });

  return (
    <Form form={form} onSubmit={submit} className="space-y-4">
      <TextInputField control={form.control} name="name" label="Nome" autoComplete="name" required />
      <TextField label="CNPJ" name="cnpj" value={formatCnpj(me.cnpj) || '—'} readOnly disabled />
      <TextField label="E-mail" name="email" value={me.email ?? user.email} readOnly disabled />
      <FormErrorBanner message={formError} />
      <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
        {isSubmitting ? 'Salvando…' : 'Salvar alterações'}
      </Button>
      <UnsavedChangesDialog guard={guard} />
    </Form>
  );
}
