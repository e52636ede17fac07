import { useEffect, useId, useRef, useState } from 'react';
import {
  ALERT_CHANNEL_LABELS,
  ALERT_EVENT_LABELS,
  MAX_EXTRA_EMAILS,
  type AlertChannel,
  type AlertRule,
  type AlertRuleInput,
} from '@/contracts/alerts';
import { ROLE_LABELS, TEAM_ROLES, type TeamRole } from '@/contracts/team-roles';
import { applyApiError } from '@/components/ui/form/api-errors';
import { ConflictBanner, FormErrorBanner } from '@/components/ui/form/banners';
import { Form, FormActions } from '@/components/ui/form/form';
import { TextInputField } from '@/components/ui/form/text-input-field';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { toast } from '@/components/ui/toast';
import { isFetchBaseQueryError } from '@/lib/api/errors';
import { useSaveAlertRuleMutation } from '../api';
import { ALERT_RULE_FIELDS, alertRuleFormSchema, formValuesOf, ruleFieldOf } from '../rule-form';
import { CheckboxGroupField, SwitchField, type ChoiceOption } from './choice-fields';

const ROLE_OPTIONS: readonly ChoiceOption<TeamRole>[] = TEAM_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** Every channel; 'webhook' sends to the account's endpoints that listen to the event (Configurações → "Webhooks"). */
const SHOWN_CHANNELS: readonly AlertChannel[] = ['portal', 'email', 'webhook'];
const CHANNEL_HINT = 'Webhook: os endereços cadastrados em Configurações → Webhooks que escutam este evento.';
const CHANNEL_OPTIONS: readonly ChoiceOption<AlertChannel>[] = SHOWN_CHANNELS.map((channel) => ({
  value: channel,
  label: ALERT_CHANNEL_LABELS[channel],
}));

/**
 * The server names the field of its refusal; an e-mail of the list (`extraEmails.2`) is said at "E-mails extras".
 * Anything else is left as it came.
 */
function withRuleField(error: unknown): unknown {
  if (!isFetchBaseQueryError(error) || typeof error.data !== 'object' || error.data === null) return error;
  const body = error.data as { error?: unknown };
  if (typeof body.error !== 'object' || body.error === null) return error;
  const part = body.error as { field?: unknown };
  if (typeof part.field !== 'string') return error;
  const field = ruleFieldOf(part.field);
  return field && field !== part.field ? { ...error, data: { ...body, error: { ...part, field } } } : error;
}

/**
 * One event's rule on the "Alertas" screen: "Ativo", who receives it (roles and extra e-mails), the channels, "Avisar
 * após (minutos)" for "Gateway offline", the quiet period, and its own "Salvar" over the version shown (`If-Match`).
 * With `lock` (a role that may not change it) the fields are shown disabled and there is no "Salvar".
 */
export function AlertRuleCard({
  rule,
  lock,
  reload,
}: {
  rule: AlertRule;
  lock: string | null;
  reload: () => Promise<unknown>;
}) {
  const headingId = useId();
  const [save] = useSaveAlertRuleMutation();
  const form = useZodForm(alertRuleFormSchema, { defaultValues: formValuesOf(rule) });
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  /** Reloaded after a conflict: the newer rule becomes the base, what the user changed stays on top. */
  const keepTyped = useRef(false);
  const label = ALERT_EVENT_LABELS[rule.event];
  const locked = lock !== null;

  // A newer version of this rule (saved here, or reloaded after a conflict) is what the form starts from. Another
  // card's save refetches the list but leaves this rule's version alone: what is being typed here stays.
  const latest = useRef(rule);
  latest.current = rule;
  useEffect(() => {
    form.reset(formValuesOf(latest.current), keepTyped.current ? { keepDirtyValues: true } : undefined);
    keepTyped.current = false;
  }, [form, rule.version]);

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

  const submit = async (input: AlertRuleInput) => {
    setFormError(null);
    setConflict(false);
    try {
      await save({ event: rule.event, version: rule.version, input }).unwrap();
      toast.success('Regra salva.');
    } catch (error) {
      const outcome = applyApiError(form, withRuleField(error), { fields: ALERT_RULE_FIELDS });
      if (outcome.kind === 'conflict') setConflict(true);
      else if (outcome.kind === 'form') setFormError(outcome.message);
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <Form form={form} onSubmit={submit} className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              {label}
            </h2>
            {rule.version === null ? (
              <p className="mt-0.5 text-xs text-slate-600">Ainda não salva: valores padrão.</p>
            ) : null}
          </div>
          <SwitchField control={form.control} name="enabled" label="Ativo" disabled={locked} />
        </div>
        {formError ? <FormErrorBanner message={formError} /> : null}
        {conflict ? <ConflictBanner onReload={() => void reloadCurrent()} reloading={reloading} /> : null}
        <div className="grid gap-4 md:grid-cols-2">
          <CheckboxGroupField control={form.control} name="roles" label="Perfis que recebem" options={ROLE_OPTIONS} disabled={locked} />
          <CheckboxGroupField control={form.control} name="channels" label="Canais" hint={CHANNEL_HINT} options={CHANNEL_OPTIONS} disabled={locked} />
        </div>
        <TextInputField
          control={form.control}
          name="extraEmails"
          label="E-mails extras"
          type="text"
          inputMode="email"
          autoComplete="off"
          placeholder="manutencao@empresa.com.br, plantao@empresa.com.br"
          hint={`Separados por vírgula, até ${MAX_EXTRA_EMAILS}.`}
          disabled={locked}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {rule.event === 'gateway-offline' ? (
            <TextInputField
              control={form.control}
              name="afterMinutes"
              label="Avisar após (minutos)"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              hint="Quanto tempo o gateway fica sem responder antes do alerta."
              disabled={locked}
            />
          ) : null}
          <TextInputField
            control={form.control}
            name="quietMinutes"
            label="Silêncio entre alertas (minutos)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            hint="Um só alerta por gateway, pedido ou solicitação nesse intervalo."
            disabled={locked}
          />
        </div>
        {locked ? null : <FormActions submitLabel="Salvar" />}
      </Form>
    </section>
  );
}
