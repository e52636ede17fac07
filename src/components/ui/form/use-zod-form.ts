import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** A form whose values are the schema's input (as typed, e.g. a masked CNPJ) and whose submit gets its output. */
export type ZodForm<I extends FieldValues, O = I> = UseFormReturn<I, unknown, O>;

export type UseZodFormOptions<I extends FieldValues, O> = Omit<UseFormProps<I, unknown, O>, 'resolver' | 'defaultValues'> & {
  /** Every field's starting value: controlled inputs need one (`''` for an empty text). */
  defaultValues: DefaultValues<I> | (() => Promise<I>);
};

/**
 * react-hook-form validated by a zod schema: errors show after a field is left (`onTouched`) and, from then on,
 * as the user types; a failed submit focuses the first invalid field. `handleSubmit` hands over the schema's
 * output (trimmed, unmasked), the form keeps the input as typed.
 *
 * @example
 * const form = useZodForm(customerInputSchema, { defaultValues: emptyCustomer });
 * // form: UseFormReturn<CustomerFormValues, unknown, CustomerInput>
 */
export function useZodForm<O extends FieldValues, I extends FieldValues>(
  schema: z.ZodType<O, I>,
  options: UseZodFormOptions<I, O>,
): ZodForm<I, O> {
  const resolver = useMemo(() => zodResolver(schema), [schema]);
  return useForm<I, unknown, O>({ mode: 'onTouched', shouldFocusError: true, ...options, resolver });
}
