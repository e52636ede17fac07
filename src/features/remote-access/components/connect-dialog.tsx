import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import type { Machine } from '@/contracts/machine';
import {
  DURATION_MESSAGE,
  durationLabel,
  isRemoteAccessDuration,
  MAX_REASON_LENGTH,
  REASON_MISSING,
  REASON_TOO_LONG,
  REMOTE_ACCESS_DURATIONS,
  REMOTE_ACCESS_MESSAGES,
  requestOutcome,
  type RemoteAccessDuration,
} from '@/contracts/remote-access';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/dialog';
import { FieldError, RequiredMark } from '@/components/ui/field';
import { applyApiError } from '@/components/ui/form/api-errors';
import { FormErrorBanner } from '@/components/ui/form/banners';
import { Form, FormActions } from '@/components/ui/form/form';
import { SelectField, TextareaField } from '@/components/ui/form/fields';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { useAccess } from '@/entities/access/api';
import { apiErrorMessage } from '@/lib/api/errors';
import { useCreateSubmit } from '@/lib/api/idempotency';
import { useGetRemoteAccessPolicyQuery, useRequestRemoteAccessMutation } from '../api';
import type { RemoteAccessRequestAnswerView } from '../types';
import { generateWireguardKeyPair, X25519UnsupportedError, type WireguardKeyPair } from '../wireguard';
import { ProfileReady, useIssueProfile, type ReadyProfile } from './profile-ready';

export const SERVICES_MISSING = 'Escolha ao menos um serviço.';

/** The dialog's form: Motivo*, Duração* (a select holds text) and Serviços (the ports ticked). */
const connectFormSchema = z.object({
  reason: z.string().trim().min(1, { error: REASON_MISSING }).max(MAX_REASON_LENGTH, { error: REASON_TOO_LONG }),
  durationHours: z
    .string()
    .transform(Number)
    .refine(isRemoteAccessDuration, { error: DURATION_MESSAGE })
    .transform((value) => value as RemoteAccessDuration),
  services: z.array(z.number()).min(1, { error: SERVICES_MISSING }),
});
type ConnectFormOutput = z.output<typeof connectFormSchema>;

type Outcome =
  | { kind: 'ready'; ready: ReadyProfile; replaced: boolean }
  | { kind: 'pending'; answer: RemoteAccessRequestAnswerView }
  /** Approved, but the profile failed: said, with "Tentar novamente" (the request is not sent again). */
  | { kind: 'profile-failed'; sessionId: string; message: string; replaced: boolean };

export type ConnectMachine = Pick<Machine, 'id' | 'name' | 'services'>;

/**
 * "Conectar à máquina": Motivo*, Duração* (never above the account's maximum), Serviços (all ticked), "Gerar acesso".
 * The key pair is made first (a browser without X25519 is told so before anything is sent); then the request; an
 * approved one gets its profile at once ("Acesso liberado até …", the file, the QR code), a pending one says
 * "Aguardando aprovação". The server's refusals are said in the dialog, which keeps what was typed.
 */
export function ConnectDialog({ machine, onOpenChange }: { machine: ConnectMachine; onOpenChange(open: boolean): void }) {
  const policy = useGetRemoteAccessPolicyQuery();
  const access = useAccess();
  const [request] = useRequestRemoteAccessMutation();
  const sendRequest = useCreateSubmit(request);
  const issueProfile = useIssueProfile();
  const form = useZodForm(connectFormSchema, {
    defaultValues: { reason: '', durationHours: '1', services: machine.services.map((service) => service.port) },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [retrying, setRetrying] = useState(false);
  const servicesId = useId();
  const { isSubmitting, isDirty } = form.formState;

  const max = policy.data?.maxDurationHours ?? 24;
  const durations = REMOTE_ACCESS_DURATIONS.filter((hours) => hours <= max).map((hours) => ({ value: String(hours), label: durationLabel(hours) }));
  const waitsForApproval = access.data && policy.data ? requestOutcome(access.data.role, policy.data) === 'pending' : false;

  const makeProfile = async (sessionId: string, keys: WireguardKeyPair | undefined, replaced: boolean) => {
    try {
      setOutcome({ kind: 'ready', ready: await issueProfile(sessionId, keys), replaced });
    } catch (error) {
      const message = error instanceof X25519UnsupportedError ? error.message : apiErrorMessage(error);
      setOutcome({ kind: 'profile-failed', sessionId, message, replaced });
    }
  };

  const submit = async (values: ConnectFormOutput) => {
    setFormError(null);
    let keys: WireguardKeyPair;
    try {
      keys = await generateWireguardKeyPair();
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
      return;
    }
    let answer: RemoteAccessRequestAnswerView;
    try {
      answer = await sendRequest({ machineId: machine.id, request: values });
    } catch (error) {
      const applied = applyApiError(form, error, { fields: ['reason', 'durationHours', 'services'] });
      if (applied.kind !== 'field') setFormError(applied.message);
      return;
    }
    if (answer.session.status === 'pending') {
      setOutcome({ kind: 'pending', answer });
      return;
    }
    await makeProfile(answer.session.id, keys, answer.replaced !== null);
  };

  const retry = async (sessionId: string, replaced: boolean) => {
    setRetrying(true);
    try {
      await makeProfile(sessionId, undefined, replaced);
    } finally {
      setRetrying(false);
    }
  };

  return (
    <FormDialog
      onOpenChange={onOpenChange}
      busy={isSubmitting || retrying}
      dirty={isDirty && outcome === null}
      size="lg"
      title="Conectar à máquina"
      description={
        outcome?.kind === 'ready'
          ? `Perfil WireGuard de ${machine.name}: importe-o no aplicativo WireGuard para conectar.`
          : `Acesso remoto a ${machine.name}, por um tempo e um motivo. O perfil WireGuard alcança só a rede desta máquina.`
      }
    >
      {outcome === null ? (
        <Form form={form} onSubmit={submit} className="space-y-5">
          {formError ? <FormErrorBanner message={formError} /> : null}
          <TextareaField
            control={form.control}
            name="reason"
            label="Motivo"
            required
            rows={3}
            maxLength={MAX_REASON_LENGTH}
            placeholder="Ex.: Ajuste de receita no CLP"
          />
          <SelectField
            control={form.control}
            name="durationHours"
            label="Duração"
            required
            options={durations}
            hint={max < 24 ? `A duração máxima da conta é de ${durationLabel(max)}.` : undefined}
          />
          <Controller
            control={form.control}
            name="services"
            render={({ field, fieldState }) => (
              <fieldset aria-describedby={fieldState.error ? `${servicesId}-error` : undefined} className="space-y-2">
                <legend className="text-sm font-medium text-slate-800">Serviços</legend>
                {machine.services.map((service) => {
                  const checked = field.value.includes(service.port);
                  const id = `${servicesId}-${service.port}`;
                  return (
                    <div key={service.port} className="flex items-center gap-2">
                      <input
                        id={id}
                        type="checkbox"
                        checked={checked}
                        disabled={isSubmitting}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked ? [...field.value, service.port] : field.value.filter((port) => port !== service.port),
                          )
                        }
                        onBlur={field.onBlur}
                        className="h-4 w-4 shrink-0 rounded border-slate-300 accent-accent focus:outline-none focus:ring-2 focus:ring-accent-ring focus:ring-offset-1"
                      />
                      <label htmlFor={id} className="text-sm text-slate-800">
                        {service.name} <span className="text-slate-600">({service.protocol.toUpperCase()}, porta {service.port})</span>
                      </label>
                    </div>
                  );
                })}
                {fieldState.error?.message ? <FieldError id={`${servicesId}-error`}>{fieldState.error.message}</FieldError> : null}
              </fieldset>
            )}
          />
          {waitsForApproval ? (
            <p className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
              A política da conta exige a aprovação de um Administrador: o perfil fica disponível em Acesso Remoto assim
              que a solicitação for aprovada.
            </p>
          ) : null}
          <p className="text-xs text-slate-600">
            <RequiredMark /> Campos obrigatórios. As chaves do perfil são geradas neste navegador; só a chave pública é
            enviada.
          </p>
          <FormActions onCancel={() => onOpenChange(false)} submitLabel="Gerar acesso" />
        </Form>
      ) : outcome.kind === 'pending' ? (
        <div className="space-y-4">
          <div role="status" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <p className="font-semibold">Aguardando aprovação</p>
            <p className="mt-0.5">{outcome.answer.message}</p>
          </div>
          <div className="flex justify-end">
            <Button onClick={() => onOpenChange(false)}>Concluir</Button>
          </div>
        </div>
      ) : outcome.kind === 'profile-failed' ? (
        <div className="space-y-4">
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            <p className="font-medium">O acesso foi aprovado, mas o perfil não pôde ser gerado.</p>
            <p className="mt-0.5">{outcome.message}</p>
          </div>
          {outcome.replaced ? <p className="text-sm text-slate-700">{REMOTE_ACCESS_MESSAGES.replaced}</p> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={retrying} onClick={() => onOpenChange(false)}>
              Fechar
            </Button>
            <Button loading={retrying} onClick={() => void retry(outcome.sessionId, outcome.replaced)}>
              Tentar novamente
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          {outcome.replaced ? <p className="text-sm text-slate-700">{REMOTE_ACCESS_MESSAGES.replaced}</p> : null}
          <ProfileReady ready={outcome.ready} />
          <div className="flex justify-end">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Concluir
            </Button>
          </div>
        </div>
      )}
    </FormDialog>
  );
}
