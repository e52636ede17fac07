import { useState } from 'react';
import { deviceUpdateSchema, type Device, type DeviceUpdateInput } from '@/contracts/device';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { applyApiError } from '@/components/ui/form/api-errors';
import { FormErrorBanner } from '@/components/ui/form/banners';
import { Form, FormActions } from '@/components/ui/form/form';
import { TextInputField } from '@/components/ui/form/fields';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { toast } from '@/components/ui/toast';
import { useUpdateDeviceMutation } from '../api';

/** "Renomear": the device's name, saved over the version shown (a newer one is said, never overwritten). */
export function RenameDeviceDialog({ device, onOpenChange }: { device: Device; onOpenChange(open: boolean): void }) {
  const [updateDevice] = useUpdateDeviceMutation();
  const form = useZodForm(deviceUpdateSchema, { defaultValues: { name: device.name } });
  const [formError, setFormError] = useState<string | null>(null);
  const { isSubmitting } = form.formState;

  const submit = async (input: DeviceUpdateInput) => {
    setFormError(null);
    try {
      await updateDevice({ id: device.id, version: device.version, input }).unwrap();
      toast.success('Nome do dispositivo salvo.');
      onOpenChange(false);
    } catch (error) {
      const outcome = applyApiError(form, error, { fields: ['name'] });
      if (outcome.kind === 'conflict') setFormError(`${outcome.message} Feche e abra de novo para ver a versão atual.`);
      else if (outcome.kind === 'form') setFormError(outcome.message);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (next || !isSubmitting) onOpenChange(next);
      }}
    >
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>Renomear dispositivo</DialogTitle>
          <DialogDescription>Um nome que diga onde o gateway está (ex.: Gateway Injetora linha 2).</DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} className="space-y-5">
          {formError ? <FormErrorBanner message={formError} /> : null}
          <TextInputField name="name" label="Nome" required autoComplete="off" />
          <FormActions onCancel={() => onOpenChange(false)} />
        </Form>
      </DialogContent>
    </Dialog>
  );
}
