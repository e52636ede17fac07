import { useState } from 'react';
import { claimDeviceSchema, type ClaimDeviceInput, type Device } from '@/contracts/device';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form/form';
import { TextInputField } from '@/components/ui/form/fields';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage, apiErrorStatus } from '@/lib/api/errors';
import { useClaimDeviceMutation } from '../../devices/api';

/** The answers about the code itself (malformed, unknown, another account's): said on the field. */
const FIELD_STATUSES = new Set([400, 404, 409]);

/**
 * Step 1, "Registrar gateway": the setup code on the gateway's label claims it for the account. The code of a
 * gateway the account already owns answers it again (the claim is idempotent), so the wizard just goes on with it.
 */
export function RegisterStep({ onRegistered }: { onRegistered(device: Device): void }) {
  const [claimDevice] = useClaimDeviceMutation();
  const form = useZodForm(claimDeviceSchema, { defaultValues: { code: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const { isSubmitting } = form.formState;

  const submit = async (input: ClaimDeviceInput) => {
    setFailure(null);
    try {
      const device = await claimDevice(input).unwrap();
      toast.success(`${device.name} registrado na sua conta.`);
      onRegistered(device);
    } catch (error) {
      const status = apiErrorStatus(error);
      if (status !== null && FIELD_STATUSES.has(status)) {
        form.setError('code', { type: 'server', message: apiErrorMessage(error) }, { shouldFocus: true });
      } else {
        setFailure(apiErrorMessage(error));
      }
    }
  };

  return (
    <Form form={form} onSubmit={submit} className="max-w-md space-y-5">
      <p className="text-sm text-slate-600">
        Digite o código de configuração impresso na etiqueta do gateway, abaixo do QR code. Se o gateway já é seu, a
        configuração continua com ele.
      </p>
      {failure ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p className="font-medium">Não foi possível registrar o gateway.</p>
          <p className="mt-0.5">{failure}</p>
        </div>
      ) : null}
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
      <Button type="submit" loading={isSubmitting}>
        {isSubmitting ? 'Registrando…' : 'Registrar'}
      </Button>
    </Form>
  );
}
