import { useEffect, useRef, useState } from 'react';
import {
  durationLabel,
  remoteAccessPolicyInputSchema,
  remoteAdminForbiddenMessage,
  REMOTE_ACCESS_DURATIONS,
  type RemoteAccessDuration,
} from '@/contracts/remote-access';
import { Button } from '@/components/ui/button';
import { applyApiError } from '@/components/ui/form/api-errors';
import { ConflictBanner, FormErrorBanner } from '@/components/ui/form/banners';
import { Form, FormActions } from '@/components/ui/form/form';
import { CheckboxField, SelectField } from '@/components/ui/form/fields';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { useAccess } from '@/entities/access/api';
import { apiErrorMessage } from '@/lib/api/errors';
import { z } from 'zod';
import { useGetRemoteAccessPolicyQuery, useUpdateRemoteAccessPolicyMutation } from '../api';
import type { RemoteAccessPolicyView } from '../types';

const DURATION_OPTIONS = REMOTE_ACCESS_DURATIONS.map((hours) => ({ value: String(hours), label: durationLabel(hours) }));

/** The form holds the select's text; the API gets the contract's input. */
const policyFormSchema = z
  .object({ requireApproval: z.boolean(), maxDurationHours: z.string().transform(Number) })
  .pipe(remoteAccessPolicyInputSchema);

const valuesOf = (policy: RemoteAccessPolicyView) => ({
  requireApproval: policy.requireApproval,
  maxDurationHours: String(policy.maxDurationHours),
});

function PolicyForm({ policy, lock, reload }: { policy: RemoteAccessPolicyView; lock: string | null; reload: () => Promise<unknown> }) {
  const [update] = useUpdateRemoteAccessPolicyMutation();
  const form = useZodForm(policyFormSchema, { defaultValues: valuesOf(policy) });
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  /** Reloaded after a conflict: the newer policy becomes the base, what the user changed stays on top. */
  const keepTyped = useRef(false);

  // A newer policy (saved here, or reloaded after a conflict) becomes what the form starts from.
  useEffect(() => {
    form.reset(valuesOf(policy), keepTyped.current ? { keepDirtyValues: true } : undefined);
    keepTyped.current = false;
  }, [form, policy]);

  const reloadCurrent = async () => {
    setReloading(true);
    keepTyped.current = true;
    try {
      await reload();
      setConflict(false);
    } finally {
      setReloading(false);
    }
  };

  const submit = async (input: { requireApproval: boolean; maxDurationHours: RemoteAccessDuration }) => {
    setFormError(null);
    setConflict(false);
    try {
      await update({ version: policy.version, input }).unwrap();
      toast.success('Política de acesso remoto salva.');
    } catch (error) {
      const outcome = applyApiError(form, error, { fields: ['requireApproval', 'maxDurationHours'] });
      if (outcome.kind === 'conflict') setConflict(true);
      else if (outcome.kind === 'form') setFormError(outcome.message);
    }
  };

  return (
    <Form form={form} onSubmit={submit} className="space-y-4">
      {formError ? <FormErrorBanner message={formError} /> : null}
      {conflict ? <ConflictBanner onReload={() => void reloadCurrent()} reloading={reloading} /> : null}
      <CheckboxField
        control={form.control}
        name="requireApproval"
        label="Exigir aprovação de um Administrador"
        hint="Os pedidos de Técnicos aguardam a aprovação; os de Administradores são aprovados na hora."
        disabled={lock !== null}
      />
      <SelectField
        control={form.control}
        name="maxDurationHours"
        label="Duração máxima"
        options={DURATION_OPTIONS}
        hint="Nenhum acesso pode ser pedido por mais tempo que isso."
        disabled={lock !== null}
      />
      {lock ? <p className="text-sm text-slate-600">{lock}</p> : <FormActions submitLabel="Salvar" />}
    </Form>
  );
}

/**
 * Configurações → "Acesso remoto": the account's policy, "Exigir aprovação de um Administrador" and "Duração
 * máxima", saved over the version shown (`If-Match`). An Administrador changes it; the others see it, locked, and why.
 */
export function RemoteAccessPolicySection() {
  const policy = useGetRemoteAccessPolicyQuery();
  const role = useAccess().data?.role;
  const lock = role && role !== 'administrador' ? remoteAdminForbiddenMessage(role) : null;
  return (
    <section aria-labelledby="remote-access-policy" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="remote-access-policy" className="text-base font-semibold text-slate-900">
        Acesso remoto
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-600">Quem pode conectar às máquinas, e por quanto tempo.</p>
      {policy.data ? (
        <PolicyForm policy={policy.data} lock={lock} reload={() => policy.refetch()} />
      ) : policy.error ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-sm text-red-800">
          <p>Não foi possível carregar a política de acesso remoto. {apiErrorMessage(policy.error)}</p>
          <Button variant="secondary" size="sm" loading={policy.isFetching} onClick={() => void policy.refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : (
        <div aria-busy="true" className="space-y-3">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-10" />
        </div>
      )}
    </section>
  );
}
