import { useState } from 'react';
import { useController } from 'react-hook-form';
import {
  toDateInput,
  VPN_NO_EXPIRY_WARNING,
  vpnUserFormSchema,
  type VpnUser,
  type VpnUserFormValues,
  type VpnUserInput,
} from '@/contracts/vpn';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { FormDialog } from '@/components/ui/dialog';
import { DateField, MultiSelectField, TextInputField, type MultiSelectOption } from '@/components/ui/form/fields';
import { Form, FormActions } from '@/components/ui/form/form';
import { UnsavedChangesDialog } from '@/components/ui/form/use-unsaved-changes';
import { RecordFormBanners, useRecordForm } from '@/components/ui/form/use-record-form';
import { useZodForm, type ZodForm } from '@/components/ui/form/use-zod-form';
import { toast } from '@/components/ui/toast';
import { useCreateSubmit } from '@/lib/api/idempotency';
import {
  OPTIONS_PAGE,
  useCreateVpnUserMutation,
  useLazyGetVpnUserQuery,
  useListBackofficeMachineOptionsQuery,
  useUpdateVpnUserMutation,
} from '../api';

const FIELDS = ['name', 'email', 'expiresAt', 'noExpiry', 'machineIds'] as const;

export const EMPTY_VPN_USER: VpnUserFormValues = { name: '', email: '', expiresAt: '', noExpiry: false, machineIds: [] };

export function vpnUserToForm(user: VpnUser): VpnUserFormValues {
  return {
    name: user.name,
    email: user.email,
    expiresAt: user.expiresAt ? toDateInput(user.expiresAt) : '',
    noExpiry: user.expiresAt === null,
    machineIds: [...user.machineIds],
  };
}

const machinesLabel = (count: number) =>
  count === 0 ? 'Nenhuma máquina escolhida' : count === 1 ? '1 máquina escolhida' : `${count} máquinas escolhidas`;

/**
 * "Sem expiração": ticking it asks first (access without expiry stays valid until someone disables it); unticking
 * it brings "Expira em" back.
 */
function NoExpiryField({ form }: { form: ZodForm<VpnUserFormValues, VpnUserInput> }) {
  const { field } = useController({ control: form.control, name: 'noExpiry' });
  const [asking, setAsking] = useState(false);
  const checked = field.value === true;
  return (
    <div>
      <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          ref={field.ref}
          type="checkbox"
          name={field.name}
          checked={checked}
          disabled={form.formState.isSubmitting}
          onChange={(event) => {
            if (event.target.checked) setAsking(true);
            else {
              field.onChange(false);
              field.onBlur();
            }
          }}
          className="h-4 w-4 shrink-0 rounded border-slate-300 accent-accent focus:outline-none focus:ring-2 focus:ring-accent-ring focus:ring-offset-1"
        />
        Sem expiração
      </label>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Liberar acesso sem expiração?"
        description={VPN_NO_EXPIRY_WARNING}
        confirmLabel="Liberar sem expiração"
        onConfirm={() => {
          field.onChange(true);
          form.clearErrors('expiresAt');
          setAsking(false);
        }}
      />
    </div>
  );
}

/**
 * Create ("Novo usuário VPN") or edit a VPN user in a dialog: Nome*, E-mail*, Expira em (required unless "Sem
 * expiração", confirmed), Máquinas (any builder's, all of one). Mount it only while open.
 */
export function VpnUserDialog({ user, onOpenChange }: { user: VpnUser | null; onOpenChange(open: boolean): void }) {
  const editing = user !== null;
  const form = useZodForm(vpnUserFormSchema, { defaultValues: user ? vpnUserToForm(user) : EMPTY_VPN_USER });
  const [createUser] = useCreateVpnUserMutation();
  const [updateUser] = useUpdateVpnUserMutation();
  const [fetchLatest] = useLazyGetVpnUserQuery();
  const submitCreate = useCreateSubmit(createUser);
  const [version, setVersion] = useState(user?.version ?? 0);
  const [machineSearch, setMachineSearch] = useState('');
  const machines = useListBackofficeMachineOptionsQuery(machineSearch);
  const { isSubmitting, isDirty } = form.formState;
  const noExpiry = form.watch('noExpiry') === true;

  const submit = async (input: VpnUserInput): Promise<VpnUser> => {
    if (user) return updateUser({ id: user.id, version, input }).unwrap();
    return submitCreate(input);
  };

  const record = useRecordForm({
    form,
    fields: FIELDS,
    onSubmit: submit,
    onSaved: (saved) => {
      toast.success(editing ? 'Alterações salvas.' : `Usuário VPN ${saved.name} cadastrado.`);
      onOpenChange(false);
    },
    onReloadLatest: user
      ? async () => {
          const latest = await fetchLatest(user.id).unwrap();
          setVersion(latest.version);
          return latest;
        }
      : undefined,
    toFormValues: vpnUserToForm,
  });

  const options: MultiSelectOption[] | undefined = machines.data?.data.map((machine) => ({
    value: machine.id,
    label: machine.name,
    description: [machine.serialNumber, machine.ownerName].filter(Boolean).join(' · '),
  }));
  const selectedOptions: MultiSelectOption[] = (user?.machines ?? []).map((machine) => ({
    value: machine.id,
    label: machine.name,
    description: [machine.serialNumber, machine.ownerName].filter(Boolean).join(' · '),
  }));
  const total = machines.data?.meta.total ?? 0;

  return (
    <FormDialog
      onOpenChange={onOpenChange}
      busy={isSubmitting}
      dirty={isDirty}
      size="lg"
      title={editing ? 'Editar usuário VPN' : 'Novo usuário VPN'}
      description="Quem acessa as máquinas pela VPN. O acesso é temporário por padrão: ao fim do dia escolhido ele deixa de valer."
    >
      <Form form={form} onSubmit={record.submit} className="space-y-5">
        <RecordFormBanners record={record} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInputField name="name" control={form.control} label="Nome" required autoComplete="off" />
          <TextInputField name="email" control={form.control} label="E-mail" type="email" required autoComplete="off" />
          <div className="space-y-2 sm:col-span-2">
            <DateField
              name="expiresAt"
              control={form.control}
              label="Expira em"
              disabled={noExpiry}
              min={toDateInput(new Date())}
              hint={
                noExpiry
                  ? 'Sem expiração: válido até ser desativado.'
                  : 'Obrigatória, a menos que o acesso seja sem expiração. Vale até o fim deste dia.'
              }
              className="sm:max-w-xs"
            />
            <NoExpiryField form={form} />
          </div>
        </div>
        <MultiSelectField
          name="machineIds"
          control={form.control}
          label="Máquinas"
          hint="As máquinas que este usuário pode alcançar, todas da mesma montadora."
          options={options}
          selectedOptions={selectedOptions}
          search={{ label: 'Buscar máquinas', placeholder: 'Nome, número de série ou montadora', value: machineSearch, onSearch: setMachineSearch }}
          isLoading={machines.isLoading}
          isFetching={machines.isFetching}
          error={machines.error}
          onRetry={() => void machines.refetch()}
          emptyText="Nenhuma máquina cadastrada."
          countLabel={machinesLabel}
          footnote={total > OPTIONS_PAGE ? `Mostrando ${OPTIONS_PAGE} de ${total}: refine a busca.` : undefined}
        />
        <FormActions onCancel={() => onOpenChange(false)} pending={isSubmitting} />
        <UnsavedChangesDialog guard={record.guard} />
      </Form>
    </FormDialog>
  );
}
