import { FormDialog } from '@/components/ui/dialog';
import { FormErrorBanner } from '@/components/ui/form/banners';
import { TextInputField } from '@/components/ui/form/fields';
import { Form, FormActions } from '@/components/ui/form/form';
import { useFormSubmit } from '@/components/ui/form/use-form-submit';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { toast } from '@/components/ui/toast';
import { STAFF_GRANTED_MESSAGE, staffGrantSchema, type StaffGrantInput, type StaffGrantValues } from '@/contracts/staff';
import { useGrantStaffMutation } from '../api';

const EMPTY: StaffGrantValues = { email: '' };

/**
 * "Conceder acesso": the e-mail of a person who already has an account (signed up or signed in once). A refusal on
 * the e-mail (no account with it, already in the team, malformed) lands on the field; any other (Firebase not
 * configured, unreachable) above the form.
 */
export function GrantDialog({ onOpenChange }: { onOpenChange(open: boolean): void }) {
  const [grant] = useGrantStaffMutation();
  const form = useZodForm(staffGrantSchema, { defaultValues: EMPTY });
  const { isSubmitting, isDirty } = form.formState;
  const { submit, formError } = useFormSubmit(form, ['email'], async (input: StaffGrantInput) => {
    const member = await grant(input).unwrap();
    toast.success(STAFF_GRANTED_MESSAGE(member.name));
    onOpenChange(false);
  });

  return (
    <FormDialog
      onOpenChange={onOpenChange}
      busy={isSubmitting}
      dirty={isDirty}
      title="Conceder acesso"
      description="A pessoa passa a entrar no back office na próxima vez que entrar no Ponte IIoT. Ela precisa já ter uma conta com este e-mail."
    >
      <Form form={form} onSubmit={submit} className="space-y-5">
        {formError ? <FormErrorBanner message={formError} /> : null}
        <TextInputField name="email" label="E-mail" type="email" inputMode="email" autoComplete="off" required />
        <FormActions onCancel={() => onOpenChange(false)} submitLabel="Conceder acesso" />
      </Form>
    </FormDialog>
  );
}
