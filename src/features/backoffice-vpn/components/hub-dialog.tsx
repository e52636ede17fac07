import { useState } from 'react';
import { DEFAULT_HUB_PORT } from '@/contracts/hub';
import { FormDialog } from '@/components/ui/dialog';
import { TextInputField } from '@/components/ui/form/fields';
import { Form, FormActions } from '@/components/ui/form/form';
import { UnsavedChangesDialog } from '@/components/ui/form/use-unsaved-changes';
import { RecordFormBanners, useRecordForm } from '@/components/ui/form/use-record-form';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { toast } from '@/components/ui/toast';
import { useCreateSubmit } from '@/lib/api/idempotency';
import { hubFormSchema, type HubFormValues, type HubInput } from '@/entities/hubs/hub-input';
import { useCreateHubMutation, useLazyGetHubQuery, useUpdateHubMutation, type Hub } from '../hubs-api';

const FIELDS = ['name', 'region', 'endpointHost', 'endpointPort'] as const;

const EMPTY: HubFormValues = { name: '', region: '', endpointHost: '', endpointPort: String(DEFAULT_HUB_PORT) };

const hubToForm = (hub: Hub): HubFormValues => ({
  name: hub.name,
  region: hub.region,
  endpointHost: hub.endpointHost,
  endpointPort: String(hub.endpointPort),
});

/**
 * "Novo hub" or "Editar" in a dialog: Nome*, Região*, Endpoint (host)* and Porta* (51820 by default) — where
 * gateways and engineers reach the hub. Mount it only while open.
 */
export function HubDialog({ hub, onOpenChange }: { hub: Hub | null; onOpenChange(open: boolean): void }) {
  const editing = hub !== null;
  const form = useZodForm(hubFormSchema, { defaultValues: hub ? hubToForm(hub) : EMPTY });
  const [createHub] = useCreateHubMutation();
  const [updateHub] = useUpdateHubMutation();
  const [fetchLatest] = useLazyGetHubQuery();
  const submitCreate = useCreateSubmit(createHub);
  const [version, setVersion] = useState(hub?.version ?? 0);
  const { isSubmitting, isDirty } = form.formState;

  const record = useRecordForm({
    form,
    fields: FIELDS,
    onSubmit: (input: HubInput): Promise<Hub> =>
      hub ? updateHub({ id: hub.id, version, input }).unwrap() : submitCreate(input),
    onSaved: (saved) => {
      toast.success(editing ? 'Alterações salvas.' : `Hub ${saved.name} cadastrado. Emita a credencial dele em “Nova credencial”.`);
      onOpenChange(false);
    },
    onReloadLatest: hub
      ? async () => {
          const latest = await fetchLatest(hub.id).unwrap();
          setVersion(latest.version);
          return latest;
        }
      : undefined,
    toFormValues: hubToForm,
  });

  return (
    <FormDialog
      onOpenChange={onOpenChange}
      busy={isSubmitting}
      dirty={isDirty}
      title={editing ? 'Editar hub' : 'Novo hub'}
      description="O servidor WireGuard por onde passam os gateways e os acessos remotos de uma região. Gateways e engenheiros o alcançam pelo endpoint."
    >
      <Form form={form} onSubmit={record.submit} className="space-y-5">
        <RecordFormBanners record={record} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInputField name="name" control={form.control} label="Nome" required autoComplete="off" placeholder="Ex.: hub-sp-1" />
          <TextInputField name="region" control={form.control} label="Região" required autoComplete="off" placeholder="Ex.: São Paulo" />
          <TextInputField
            name="endpointHost"
            control={form.control}
            label="Endpoint (host)"
            required
            autoComplete="off"
            spellCheck={false}
            placeholder="vpn1.exemplo.com.br"
            hint="Nome ou endereço IPv4 público do hub, sem porta."
          />
          <TextInputField
            name="endpointPort"
            control={form.control}
            label="Porta"
            required
            inputMode="numeric"
            autoComplete="off"
            hint={`UDP; ${DEFAULT_HUB_PORT} é o padrão do WireGuard.`}
          />
        </div>
        <FormActions onCancel={() => onOpenChange(false)} pending={isSubmitting} />
        <UnsavedChangesDialog guard={record.guard} />
      </Form>
    </FormDialog>
  );
}
