import { useState } from 'react';
import {
  INVITATION_TTL_DAYS,
  invitationInputSchema,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  TEAM_ROLES,
  type Invitation,
  type InvitationFormValues,
  type InvitationInput,
} from '@/contracts/team';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/dialog';
import { FormErrorBanner } from '@/components/ui/form/banners';
import { Form, FormActions } from '@/components/ui/form/form';
import { useFormSubmit } from '@/components/ui/form/use-form-submit';
import { SelectField, TextInputField } from '@/components/ui/form/fields';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { toast } from '@/components/ui/toast';
import { useCreateSubmit } from '@/lib/api/idempotency';
import { useInviteMemberMutation } from '../api';
import { InvitationLink } from './invitation-link';

export const ROLE_OPTIONS = TEAM_ROLES.map((role) => ({ value: role, label: `${ROLE_LABELS[role]} — ${ROLE_DESCRIPTIONS[role]}` }));

const EMPTY: InvitationFormValues = { email: '', role: 'tecnico' };

/**
 * "Convidar": E-mail* and Perfil*; once sent, the link (the demo sends no e-mail: it is also in "E-mails enviados")
 * with "Copiar link". A refusal on the e-mail (malformed, already in the team, already invited) lands on the field.
 */
export function InviteDialog({ onOpenChange }: { onOpenChange(open: boolean): void }) {
  const [invite] = useInviteMemberMutation();
  const form = useZodForm(invitationInputSchema, { defaultValues: EMPTY });
  const [sent, setSent] = useState<Invitation | null>(null);
  const sendInvite = useCreateSubmit(invite);
  const { isSubmitting, isDirty } = form.formState;
  const { submit, formError } = useFormSubmit(form, ['email', 'role'], async (input: InvitationInput) => {
    const invitation = await sendInvite(input);
    toast.success(`Convite enviado para ${invitation.email}.`);
    setSent(invitation);
  });

  return (
    <FormDialog
      onOpenChange={onOpenChange}
      busy={isSubmitting}
      dirty={isDirty && !sent}
      title={sent ? 'Convite enviado' : 'Convidar para a equipe'}
      description={
        sent
          ? `Enviamos o convite para ${sent.email} como ${ROLE_LABELS[sent.role]}. O link vale por ${INVITATION_TTL_DAYS} dias; você também pode copiá-lo e enviá-lo por outro meio.`
          : 'A pessoa recebe um link por e-mail para criar a conta (ou entrar) e participar da sua empresa no Ponte IIoT.'
      }
    >
      {sent ? (
        <div className="space-y-5">
          {/* The link is in the answer that made it only (a replayed answer has none: it is in the e-mail). */}
          {sent.link ? <InvitationLink link={sent.link} /> : null}
          <div className="flex justify-end">
            <Button onClick={() => onOpenChange(false)}>Concluir</Button>
          </div>
        </div>
      ) : (
        <Form form={form} onSubmit={submit} className="space-y-5">
          {formError ? <FormErrorBanner message={formError} /> : null}
          <TextInputField name="email" label="E-mail" type="email" inputMode="email" autoComplete="off" required />
          <SelectField name="role" label="Perfil" required options={ROLE_OPTIONS} />
          <FormActions onCancel={() => onOpenChange(false)} submitLabel="Enviar convite" />
        </Form>
      )}
    </FormDialog>
  );
}
