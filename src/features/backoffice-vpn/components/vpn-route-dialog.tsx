import { useState } from 'react';
import { vpnRouteInputSchema, type VpnRoute, type VpnRouteFormValues, type VpnRouteInput } from '@/contracts/vpn';
import { FormDialog } from '@/components/ui/dialog';
import { TextInputField } from '@/components/ui/form/fields';
import { Form, FormActions } from '@/components/ui/form/form';
import { SearchableSelectField } from '@/components/ui/form/searchable-select-field';
import { UnsavedChangesDialog } from '@/components/ui/form/use-unsaved-changes';
import { RecordFormBanners, useRecordForm } from '@/components/ui/form/use-record-form';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api/errors';
import { useCreateSubmit } from '@/lib/api/idempotency';
import { OPTIONS_PAGE, useCreateVpnRouteMutation, useListVpnNodeOptionsQuery, useUpdateVpnRouteMutation } from '../api';

const FIELDS = ['nodeId', 'network', 'description'] as const;

function routeToForm(route: VpnRoute): VpnRouteFormValues {
  return { nodeId: route.nodeId, network: route.network, description: route.description };
}

/**
 * Create ("Nova rota") or edit a route in a dialog: Nó*, Rede (CIDR)*, Descrição. The network is checked as typed
 * ("Rede inválida."); one that overlaps another route of the node is refused by the server on the field. Mount it
 * only while open.
 */
export function VpnRouteDialog({
  route,
  nodeId = '',
  onOpenChange,
}: {
  route: VpnRoute | null;
  /** The node to start with (the list's node filter). */
  nodeId?: string;
  onOpenChange(open: boolean): void;
}) {
  const editing = route !== null;
  const form = useZodForm(vpnRouteInputSchema, {
    defaultValues: route ? routeToForm(route) : { nodeId, network: '', description: '' },
  });
  const [createRoute] = useCreateVpnRouteMutation();
  const [updateRoute] = useUpdateVpnRouteMutation();
  const submitCreate = useCreateSubmit(createRoute);
  const [nodeSearch, setNodeSearch] = useState('');
  const nodes = useListVpnNodeOptionsQuery(nodeSearch);
  const { isSubmitting, isDirty } = form.formState;

  const submit = async (input: VpnRouteInput): Promise<VpnRoute> => {
    if (route) return updateRoute({ id: route.id, version: route.version, input }).unwrap();
    return submitCreate(input);
  };

  const record = useRecordForm({
    form,
    fields: FIELDS,
    onSubmit: submit,
    onSaved: (saved) => {
      toast.success(editing ? 'Rota atualizada.' : `Rota ${saved.network} cadastrada em ${saved.nodeName}.`);
      onOpenChange(false);
    },
    toFormValues: routeToForm,
  });

  const options = (nodes.data?.data ?? []).map((node) => ({ value: node.id, label: `${node.name} (${node.vpnAddress})` }));
  const total = nodes.data?.meta.total ?? 0;
  const selected = route ? { value: route.nodeId, label: route.nodeName } : null;

  return (
    <FormDialog
      onOpenChange={onOpenChange}
      busy={isSubmitting}
      dirty={isDirty}
      title={editing ? 'Editar rota' : 'Nova rota'}
      description="Uma rede atrás do nó que os usuários VPN alcançam. As redes de um mesmo nó não podem se sobrepor."
    >
      <Form form={form} onSubmit={record.submit} className="space-y-5">
        <RecordFormBanners record={record} />
        <SearchableSelectField
          name="nodeId"
          control={form.control}
          label="Nó"
          required
          placeholder={nodes.isLoading ? 'Carregando nós…' : 'Selecione o nó'}
          options={options}
          selected={selected}
          hint={nodes.error ? `Não foi possível carregar os nós: ${apiErrorMessage(nodes.error)}` : undefined}
          search={
            nodeSearch !== '' || total > options.length
              ? { label: 'Buscar nó', placeholder: 'Nome ou endereço VPN', value: nodeSearch, onSearch: setNodeSearch }
              : null
          }
        />
        {total > OPTIONS_PAGE ? <p className="text-xs text-slate-600">Mostrando {OPTIONS_PAGE} de {total}: refine a busca.</p> : null}
        <TextInputField
          name="network"
          control={form.control}
          label="Rede (CIDR)"
          required
          placeholder="192.168.10.0/24"
          hint="Endereço da rede e prefixo, sem bits de host (ex.: 10.20.0.0/16)."
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
        />
        <TextInputField name="description" control={form.control} label="Descrição" maxLength={200} />
        <FormActions onCancel={() => onOpenChange(false)} pending={isSubmitting} />
        <UnsavedChangesDialog guard={record.guard} />
      </Form>
    </FormDialog>
  );
}
