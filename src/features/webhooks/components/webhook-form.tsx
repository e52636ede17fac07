import { useId, useState, type FormEvent } from 'react';
import { ALERT_EVENTS, type AlertEvent } from '@/contracts/alerts';
import { WEBHOOK_EVENT_LABELS, webhookCreateSchema, type WebhookCreateInput } from '@/contracts/webhooks';
import { Button } from '@/components/ui/button';
import { FieldError, TextField } from '@/components/ui/field';
import { apiErrorMessage, isApiErrorBody, isFetchBaseQueryError } from '@/lib/api/errors';

export interface WebhookFormValues extends WebhookCreateInput {
  enabled: boolean;
}

interface Errors {
  url?: string;
  events?: string;
  form?: string;
}

/** The field a server refusal names (`{ error: { field } }`), with its message. */
function serverErrors(error: unknown): Errors {
  if (isFetchBaseQueryError(error) && isApiErrorBody(error.data)) {
    const { message, field } = error.data.error as { message: string; field?: string };
    if (field === 'url') return { url: message };
    if (field === 'events') return { events: message };
    return { form: message };
  }
  return { form: apiErrorMessage(error) };
}

/**
 * "Novo webhook" and "Editar webhook": the URL, the events (checkboxes with the alerts' labels) and, when editing,
 * "Ativo". The contract validates on submit; the server's refusal (a private or plain-http address…) shows at its field.
 */
export function WebhookForm({
  initial,
  editing,
  submitLabel,
  onSubmit,
  onCancel,
  onDirty,
}: {
  initial: WebhookFormValues;
  editing: boolean;
  submitLabel: string;
  onSubmit(values: WebhookFormValues): Promise<void>;
  onCancel(): void;
  onDirty?(): void;
}) {
  const [url, setUrl] = useState(initial.url);
  const [events, setEvents] = useState<AlertEvent[]>(initial.events);
  const [enabled, setEnabled] = useState(initial.enabled);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const eventsId = useId();
  const eventsErrorId = `${eventsId}-error`;

  const toggle = (event: AlertEvent, on: boolean) => {
    onDirty?.();
    setEvents((current) => ALERT_EVENTS.filter((item) => (item === event ? on : current.includes(item))));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = webhookCreateSchema.safeParse({ url, events });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'url' && !next.url) next.url = issue.message;
        if (field === 'events' && !next.events) next.events = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit({ ...parsed.data, enabled });
    } catch (error) {
      setErrors(serverErrors(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {errors.form ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.form}
        </p>
      ) : null}
      <TextField
        label="URL"
        required
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://exemplo.com.br/webhooks/ponte"
        value={url}
        error={errors.url ?? null}
        hint="Um endereço HTTPS público do seu sistema. Outras portas além da 443 são aceitas."
        onChange={(event) => {
          onDirty?.();
          setUrl(event.target.value);
        }}
      />
      <fieldset aria-describedby={errors.events ? eventsErrorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-900">Eventos</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {ALERT_EVENTS.map((item) => (
            <label key={item} className="flex min-h-10 items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="h-4 w-4 accent-accent"
                checked={events.includes(item)}
                onChange={(event) => toggle(item, event.target.checked)}
              />
              {WEBHOOK_EVENT_LABELS[item]}
            </label>
          ))}
        </div>
        {errors.events ? <FieldError id={eventsErrorId}>{errors.events}</FieldError> : null}
      </fieldset>
      {editing ? (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="h-4 w-4 accent-accent"
            checked={enabled}
            onChange={(event) => {
              onDirty?.();
              setEnabled(event.target.checked);
            }}
          />
          Ativo (reativar limpa as falhas e volta a entregar os eventos)
        </label>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
