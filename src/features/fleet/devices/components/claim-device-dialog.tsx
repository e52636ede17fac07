import { useNavigate } from 'react-router-dom';
import { claimDeviceSchema, type ClaimDeviceInput } from '@/contracts/device';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useFormSubmit } from '@/components/ui/form/use-form-submit';
import { FormErrorBanner } from '@/components/ui/form/banners';
import { Form, FormActions } from '@/components/ui/form/form';
import { TextInputField } from '@/components/ui/form/fields';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { toast } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { useClaimDeviceMutation } from '../api';

/**
 * "Adicionar dispositivo": claims a gateway with the setup code on its label, then opens its page. A malformed,
 * unknown or another account's code is said on the field.
 */
export function ClaimDeviceDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const navigate = useNavigate();
  const [claimDevice] = useClaimDeviceMutation();
  const form = useZodForm(claimDeviceSchema, { defaultValues: { code: '' } });
  const { isSubmitting } = form.formState;
  const { submit, formError } = useFormSubmit(form, ['code'], async (input: ClaimDeviceInput) => {
    const device = await claimDevice(input).unwrap();
    toast.success('Dispositivo adicionado à sua conta.');
    onOpenChange(false);
    navigate(portalPaths.device(device.id));
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next || !isSubmitting) onOpenChange(next);
      }}
    >
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>Adicionar dispositivo</DialogTitle>
          <DialogDescription>
            Digite o código de configuração impresso na etiqueta do gateway, abaixo do QR code.
          </DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} className="space-y-5">
          {formError ? <FormErrorBanner message={formError} /> : null}
          <TextInputField
            name="code"
            label="Código de configuração"
            required
            placeholder="PNT-XXXX-XXXX-XXXX"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            hint="Formato PNT-XXXX-XXXX-XXXX. Letras minúsculas também valem."
          />
          <FormActions submitLabel="Adicionar" onCancel={() => onOpenChange(false)} />
        </Form>
      </DialogContent>
    </Dialog>
  );
}
