import { useState } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/dialog';
import { applyApiError } from '@/components/ui/form/api-errors';
import { FormErrorBanner } from '@/components/ui/form/banners';
import { SelectField, TextInputField } from '@/components/ui/form/fields';
import { Form, FormActions } from '@/components/ui/form/form';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { backofficeVpnApi } from '../api';
import { useMoveGatewayToHubMutation, type Hub, type HubGatewayMoved } from '../hubs-api';

export const GATEWAY_MISSING = 'Informe o gateway a mover.';
export const HUB_MISSING = 'Escolha o hub de destino.';

const moveFormSchema = z.object({
  gateway: z.string().trim().min(1, { error: GATEWAY_MISSING }).max(80, { error: GATEWAY_MISSING }),
  hubId: z.string().min(1, { error: HUB_MISSING }),
});
type MoveFormOutput = z.output<typeof moveFormSchema>;

/**
 * "Mover gateway": the gateway (its id, or its serial number, looked up among the VPN's nodes) and the destination
 * hub. The API's answer says what must happen next (the gateway needs its new configuration file), shown as is.
 * Mount it only while open; `hub` preselects the destination.
 */
export function MoveGatewayDialog({ hubs, hub, onOpenChange }: { hubs: readonly Hub[]; hub: Hub | null; onOpenChange(open: boolean): void }) {
  const form = useZodForm(moveFormSchema, { defaultValues: { gateway: '', hubId: hub?.id ?? '' } });
  const [move] = useMoveGatewayToHubMutation();
  const [findNodes] = backofficeVpnApi.useLazyListVpnNodeOptionsQuery();
  const [formError, setFormError] = useState<string | null>(null);
  const [moved, setMoved] = useState<{ answer: HubGatewayMoved; hubName: string } | null>(null);
  const { isSubmitting, isDirty } = form.formState;

  /** A serial number becomes its gateway's id when one node carries it; anything else is sent as typed. */
  const deviceIdOf = async (typed: string): Promise<string> => {
    try {
      const nodes = await findNodes(typed).unwrap();
      const wanted = typed.toLowerCase();
      const match = nodes.data.find((node) => node.deviceId === typed || node.deviceSerialNumber.toLowerCase() === wanted);
      return match?.deviceId ?? typed;
    } catch {
      return typed;
    }
  };

  const submit = async (values: MoveFormOutput) => {
    setFormError(null);
    const deviceId = await deviceIdOf(values.gateway);
    try {
      const answer = await move({ hubId: values.hubId, deviceId }).unwrap();
      setMoved({ answer, hubName: hubs.find((item) => item.id === answer.hubId)?.name ?? answer.hubId });
    } catch (error) {
      const applied = applyApiError(form, error, { fields: ['gateway', 'hubId'] });
      if (applied.kind !== 'field') setFormError(applied.message);
    }
  };

  return (
    <FormDialog
      onOpenChange={onOpenChange}
      busy={isSubmitting}
      dirty={isDirty && moved === null}
      title="Mover gateway"
      description="O gateway passa a se conectar por outro hub, e os acessos às máquinas dele também."
    >
      {moved ? (
        <div className="space-y-4">
          <div role="status" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <p className="font-semibold">Gateway movido para {moved.hubName}.</p>
            <p className="mt-0.5">{moved.answer.message}</p>
          </div>
          <div className="flex justify-end">
            <Button onClick={() => onOpenChange(false)}>Concluir</Button>
          </div>
        </div>
      ) : (
        <Form form={form} onSubmit={submit} className="space-y-5">
          {formError ? <FormErrorBanner message={formError} /> : null}
          <TextInputField
            name="gateway"
            control={form.control}
            label="Gateway"
            required
            autoComplete="off"
            spellCheck={false}
            hint="O id do gateway ou o número de série dele."
          />
          <SelectField
            name="hubId"
            control={form.control}
            label="Hub de destino"
            required
            placeholder="Escolha o hub"
            options={hubs.map((item) => ({ value: item.id, label: `${item.name} (${item.region})` }))}
          />
          <FormActions onCancel={() => onOpenChange(false)} submitLabel="Mover gateway" />
        </Form>
      )}
    </FormDialog>
  );
}
