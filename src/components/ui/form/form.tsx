import { useEffect, useRef, type FormHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import {
  FormProvider,
  useFormState,
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { cn } from '@/lib/cn';
import { Button } from '../button';

export interface FormProps<I extends FieldValues, O>
  extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'onInvalid' | 'children'> {
  form: UseFormReturn<I, unknown, O>;
  /** Gets the schema's output; while its promise runs the fields are disabled and the form is `aria-busy`. */
  onSubmit: SubmitHandler<O>;
  onInvalid?: SubmitErrorHandler<I>;
  children: ReactNode;
}

/**
 * The `<form>` of a business screen: provides the form to its fields, leaves validation to the schema
 * (`noValidate`: no browser bubbles) and says it is busy while submitting. A rejection of `onSubmit` is not
 * swallowed (it reaches the error reporting); handle expected API failures inside it with `applyApiError`.
 */
export function Form<I extends FieldValues, O>({ form, onSubmit, onInvalid, children, ...props }: FormProps<I, O>) {
  const { isSubmitting, submitCount } = useFormState<I, O>({ control: form.control });
  const formRef = useRef<HTMLFormElement>(null);
  const handledSubmit = useRef(submitCount);

  // The fields are disabled while submitting, so neither react-hook-form's focus on the first invalid field nor
  // a server error's (applyApiError) can land then. Once a submit has ended and the fields are enabled again:
  // focus the first invalid field in reading order, or, when focus was lost to the disabled submit button,
  // give it back to that button (a failed save's banner is announced by its role="alert").
  useEffect(() => {
    if (isSubmitting || submitCount === handledSubmit.current) return;
    handledSubmit.current = submitCount;
    const element = formRef.current;
    if (!element) return;
    const invalid = element.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled)');
    if (invalid) {
      invalid.focus();
      return;
    }
    const active = element.ownerDocument.activeElement;
    if (!active || active === element.ownerDocument.body) {
      element.querySelector<HTMLElement>('[type="submit"]:not(:disabled)')?.focus();
    }
  }, [isSubmitting, submitCount]);

  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        noValidate
        aria-busy={isSubmitting || undefined}
        {...props}
        onSubmit={(event) => void form.handleSubmit(onSubmit, onInvalid)(event)}
      >
        {children}
      </form>
    </FormProvider>
  );
}

export interface FormActionsProps {
  submitLabel?: string;
  cancelLabel?: string;
  /** Shows "Cancelar" (a plain button: the screen navigates back or closes its dialog). */
  onCancel?: () => void;
  /** Saving: by default while the form's `onSubmit` runs; pass it when the save outlives it. */
  pending?: boolean;
  className?: string;
}

/**
 * A press on "Salvar" or "Cancelar" leaves the focus in the field being left: that field's blur validation may show
 * an error that moves the buttons down before the mouse is released, and the click would land beside them (the
 * submit validates every field anyway).
 */
function keepFocus(event: MouseEvent<HTMLButtonElement>) {
  event.preventDefault();
}

/** "Salvar" and "Cancelar" at the foot of a `<Form>`; while saving, "Salvando…" with a spinner, both disabled. */
export function FormActions({
  submitLabel = 'Salvar',
  cancelLabel = 'Cancelar',
  onCancel,
  pending,
  className,
}: FormActionsProps) {
  const { isSubmitting } = useFormState();
  const saving = Boolean(pending) || isSubmitting;
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      {onCancel ? (
        <Button variant="secondary" onClick={onCancel} disabled={saving} onMouseDown={keepFocus}>
          {cancelLabel}
        </Button>
      ) : null}
      <Button type="submit" loading={saving} onMouseDown={keepFocus}>
        {saving ? 'Salvando…' : submitLabel}
      </Button>
    </div>
  );
}
