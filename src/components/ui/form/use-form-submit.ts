import { useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { applyApiError } from './api-errors';

/**
 * A form's submit with the usual failure handling: `save` runs (what to do on success is in it); a refusal on one
 * of `fields` lands on that field (focused), anything else becomes `formError`, for `FormErrorBanner` above the form.
 * The banner is cleared at each new submit. What the user typed stays.
 *
 * ```tsx
 * const { submit, formError } = useFormSubmit(form, ['email'], async (input: GrantInput) => {
 *   await grant(input).unwrap();
 *   onOpenChange(false);
 * });
 * ```
 */
export function useFormSubmit<T extends FieldValues, I>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  fields: readonly FieldPath<T>[],
  save: (input: I) => Promise<unknown>,
): { submit: (input: I) => Promise<void>; formError: string | null } {
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (input: I) => {
    setFormError(null);
    try {
      await save(input);
    } catch (error) {
      const outcome = applyApiError(form, error, { fields });
      if (outcome.kind !== 'field') setFormError(outcome.message);
    }
  };
  return { submit, formError };
}
