import { useEffect, useRef, type ReactNode } from 'react';
import { useFieldArray, useFormContext, type UseFormReturn } from 'react-hook-form';
import {
  isServiceProtocol,
  MAX_SERVICES,
  SERVICE_PROTOCOL_IDS,
  SERVICE_PROTOCOLS,
  type MachineService,
  type MachineServiceFormValues,
} from '@/contracts/machine-model';
import { Button } from '@/components/ui/button';
import { SelectField, TextInputField } from '@/components/ui/form/fields';
import { CloseIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

/** The part of a fleet form (machine model, machine) that holds its services. */
export interface ServicesFormValues {
  services?: MachineServiceFormValues[];
}

const PROTOCOL_OPTIONS = SERVICE_PROTOCOL_IDS.map((id) => ({ value: id, label: SERVICE_PROTOCOLS[id].label }));

export const EMPTY_SERVICE: MachineServiceFormValues = { name: '', protocol: '', port: '' };

/** Stored services as the form shows them (ports as text). */
export const servicesToForm = (services: readonly MachineService[]): MachineServiceFormValues[] =>
  services.map((service) => ({ name: service.name, protocol: service.protocol, port: String(service.port) }));

/**
 * Choosing a protocol fills the service's port with that protocol's usual one, but only while the port is empty:
 * a port someone typed is never overwritten.
 */
function useDefaultPorts({ watch, setValue, getFieldState }: UseFormReturn<ServicesFormValues>) {
  // The form's methods (stable), not the context's form object: that one changes with the form's state.
  useEffect(() => {
    const subscription = watch((values, { name, type }) => {
      const match = name ? /^services\.(\d+)\.protocol$/.exec(name) : null;
      if (!match || type !== 'change') return;
      const index = Number(match[1]);
      const service = values.services?.[index];
      if (!service || !isServiceProtocol(service.protocol)) return;
      const port = service.port;
      if (port !== undefined && port !== null && String(port).trim() !== '') return;
      setValue(`services.${index}.port`, String(SERVICE_PROTOCOLS[service.protocol].defaultPort), {
        shouldDirty: true,
        shouldValidate: getFieldState(`services.${index}.port`).isTouched,
      });
    });
    return () => subscription.unsubscribe();
  }, [watch, setValue, getFieldState]);
}

export interface ServicesFieldProps {
  legend: string;
  /** What the services are for, under the legend. */
  description: ReactNode;
  /** Said while there is no service. */
  emptyText: string;
  /** The list's accessible name, when it needs one. */
  listLabel?: string;
  className?: string;
}

/**
 * The services of a machine model or machine, inside its `<Form>`: one fieldset per service (name, protocol,
 * port), added and removed in place.
 */
export function ServicesField({ legend, description, emptyText, listLabel, className }: ServicesFieldProps) {
  const form = useFormContext<ServicesFormValues>();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'services' });
  const addRef = useRef<HTMLButtonElement>(null);
  const { isSubmitting } = form.formState;
  const servicesError = form.formState.errors.services?.root?.message ?? form.formState.errors.services?.message;
  useDefaultPorts(form);

  return (
    <fieldset className={cn('space-y-3', className)}>
      <legend className="text-base font-semibold text-slate-900">{legend}</legend>
      <p className="text-sm text-slate-600">{description}</p>
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-600">{emptyText}</p>
      ) : (
        <ol className="space-y-3" aria-label={listLabel}>
          {fields.map((field, index) => (
            <li key={field.id}>
              <fieldset className="relative rounded-md border border-slate-200 bg-slate-50/60 p-4 pt-3">
                <legend className="sr-only">Serviço {index + 1}</legend>
                <p aria-hidden="true" className="mb-3 pr-28 pt-1.5 text-sm font-medium text-slate-900">
                  Serviço {index + 1}
                </p>
                <Button
                  variant="ghost"
                  size="sm"
                  className="absolute right-2 top-2"
                  aria-label={`Remover serviço ${index + 1}`}
                  disabled={isSubmitting}
                  onClick={() => {
                    remove(index);
                    addRef.current?.focus();
                  }}
                >
                  <CloseIcon width={16} height={16} aria-hidden="true" />
                  <span aria-hidden="true">Remover</span>
                </Button>
                <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1fr)]">
                  <TextInputField control={form.control} name={`services.${index}.name`} label="Nome do serviço" required />
                  <SelectField
                    control={form.control}
                    name={`services.${index}.protocol`}
                    label="Protocolo"
                    required
                    options={PROTOCOL_OPTIONS}
                    placeholder="Selecione"
                  />
                  <TextInputField
                    control={form.control}
                    name={`services.${index}.port`}
                    label="Porta"
                    required
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={9}
                  />
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      {servicesError ? (
        <p role="alert" className="text-sm text-red-700">
          {servicesError}
        </p>
      ) : null}
      <Button
        ref={addRef}
        variant="secondary"
        size="sm"
        disabled={isSubmitting || fields.length >= MAX_SERVICES}
        onClick={() => append({ ...EMPTY_SERVICE })}
      >
        Adicionar serviço
      </Button>
    </fieldset>
  );
}
