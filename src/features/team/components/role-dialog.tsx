import { ROLE_LABELS, roleChangeSchema, type RoleChange, type TeamMember } from '@/contracts/team';
import { TITULAR_MESSAGES } from '@/contracts/titular';
import { FormDialog } from '@/components/ui/dialog';
import { FormErrorBanner } from '@/components/ui/form/banners';
import { Form, FormActions } from '@/components/ui/form/form';
import { useFormSubmit } from '@/components/ui/form/use-form-submit';
import { SelectField } from '@/components/ui/form/fields';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { toast } from '@/components/ui/toast';
import { useChangeRoleMutation } from '../api';
import { ROLE_OPTIONS } from './invite-dialog';

/**
 * "Alterar perfil" of a member; the last Administrador's demotion is refused on the field, the Titular's by another
 * Administrador in the banner (the API's reason).
 */
export function RoleDialog({ member, onOpenChange }: { member: TeamMember; onOpenChange(open: boolean): void }) {
  const [changeRole] = useChangeRoleMutation();
  const form = useZodForm(roleChangeSchema, { defaultValues: { role: member.role } });
  const { isSubmitting, isDirty } = form.formState;
  const { submit, formError } = useFormSubmit(form, ['role'], async ({ role }: RoleChange) => {
    await changeRole({ uid: member.uid, role }).unwrap();
    toast.success(`${member.name} agora é ${ROLE_LABELS[role]}.`);
    onOpenChange(false);
  });

  return (
    <FormDialog
      onOpenChange={onOpenChange}
      busy={isSubmitting}
      dirty={isDirty}
      size="sm"
      title="Alterar perfil"
      description={`O que ${member.name} pode fazer na conta. Vale a partir do próximo acesso.${member.owner ? ` ${TITULAR_MESSAGES.demotion}` : ''}`}
    >
      <Form form={form} onSubmit={submit} className="space-y-5">
        {formError ? <FormErrorBanner message={formError} /> : null}
        <SelectField name="role" label="Perfil" required options={ROLE_OPTIONS} />
        <FormActions onCancel={() => onOpenChange(false)} />
      </Form>
    </FormDialog>
  );
}
