import { useEffect, useRef, useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { applyApiError } from './api-errors';
import { ConflictBanner, FormErrorBanner } from './banners';
import { keepTypedValues } from './keep-typed-values';
import { useUnsavedChangesGuard, type UnsavedChangesGuard } from './use-unsaved-changes';
import type { ZodForm } from './use-zod-form';

/** The props a create/edit form of one record takes from its screen. */
export interface RecordFormProps<TValues, TInput, TRecord> {
  defaultValues: TValues;
  submitLabel?: string;
  /** Saves; throws the API error when the save fails (the form keeps every value and says why). */
  onSubmit(input: TInput): Promise<TRecord>;
  /** After a save, once the unsaved-changes guard is off (navigate from here). */
  onSaved(record: TRecord): void;
  onCancel(): void;
  /** Fetches the newest version after a 409; the form adopts it and keeps what the user typed. */
  onReloadLatest?: () => Promise<TRecord | null>;
}

export interface UseRecordFormOptions<TValues extends FieldValues, TInput, TRecord>
  extends Pick<RecordFormProps<TValues, TInput, TRecord>, 'onSubmit' | 'onSaved' | 'onReloadLatest'> {
  form: ZodForm<TValues, TInput>;
  /** The form's field names, for `applyApiError`; when left out, any name with a value in the form counts. */
  fields?: readonly FieldPath<TValues>[];
  /** A stored record as the form shows it: what a reload after a 409 adopts under the typed values. */
  toFormValues(record: TRecord): TValues;
  /**
   * A failed save the form answers itself (e.g. asks before retrying): return `true` when handled, and the
   * banners are left alone.
   */
  onSubmitError?: (error: unknown, input: TInput) => boolean;
}

export interface RecordForm<TInput, TRecord> {
  /** The `<Form>`'s `onSubmit`: saves, then hands the record to `onSaved`; a failure keeps every value. */
  submit(input: TInput): Promise<void>;
  /** Why the save failed, for `FormErrorBanner` (null: nothing to say). */
  formError: string | null;
  /** A 409 version conflict: show `ConflictBanner`. */
  conflict: boolean;
  /** The latest version is being fetched. */
  reloading: boolean;
  /** "Recarregar versão atual": adopts the latest version and keeps what the user typed. */
  reload(): Promise<void>;
  /** On while the form has unsaved changes and was not saved: render `UnsavedChangesDialog` with it. */
  guard: UnsavedChangesGuard;
  /** A save that succeeded outside `submit` (e.g. after a confirmation): as if `submit` had saved it. */
  complete(record: TRecord): void;
  /** A save that failed outside `submit`: the error lands on its field, in the conflict or in the form's banner. */
  fail(error: unknown): void;
}

/**
 * The save lifecycle of a record's create/edit form: submit through the screen's `onSubmit`, `onSaved` once the
 * unsaved-changes guard is off, a failed save applied with `applyApiError` (field, conflict or form message; the
 * typed values stay), and after a 409 a reload that adopts the latest version with `keepTypedValues`.
 *
 * @example
 * const form = useZodForm(customerInputSchema, { defaultValues });
 * const record = useRecordForm({ form, fields: FIELDS, onSubmit, onSaved, onReloadLatest, toFormValues: customerToForm });
 * <Form form={form} onSubmit={record.submit}>
 *   <RecordFormBanners record={record} />
 *   …
 *   <UnsavedChangesDialog guard={record.guard} />
 * </Form>
 */
export function useRecordForm<TValues extends FieldValues, TInput, TRecord>({
  form,
  fields,
  onSubmit,
  onSaved,
  onReloadLatest,
  toFormValues,
  onSubmitError,
}: UseRecordFormOptions<TValues, TInput, TRecord>): RecordForm<TInput, TRecord> {
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [saved, setSaved] = useState<TRecord | null>(null);
  const { isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty && saved === null);

  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  });
  // A passive effect: by now the guard is off (it updates in a layout effect), so onSaved may navigate.
  useEffect(() => {
    if (saved) onSavedRef.current(saved);
  }, [saved]);

  const complete = (record: TRecord) => setSaved(() => record);

  const fail = (error: unknown) => {
    // Every typed value stays; the error lands on its field, or says why above the form.
    const outcome = applyApiError(form, error, { fields });
    if (outcome.kind === 'conflict') setConflict(true);
    else if (outcome.kind === 'form') setFormError(outcome.message);
  };

  const submit = async (input: TInput) => {
    setFormError(null);
    try {
      complete(await onSubmit(input));
    } catch (error) {
      if (!onSubmitError?.(error, input)) fail(error);
    }
  };

  const reload = async () => {
    if (!onReloadLatest) return;
    setReloading(true);
    try {
      const latest = await onReloadLatest();
      if (latest) {
        keepTypedValues(form, toFormValues(latest));
        setConflict(false);
      }
    } catch (error) {
      setFormError(applyApiError(form, error, { fields }).message);
    } finally {
      setReloading(false);
    }
  };

  return { submit, formError, conflict, reloading, reload, guard, complete, fail };
}

/** The banners of a record form, at its top: the 409 conflict (with its reload) and why the save failed. */
export function RecordFormBanners({
  record,
}: {
  record: Pick<RecordForm<never, never>, 'conflict' | 'formError' | 'reloading' | 'reload'>;
}) {
  const { conflict, formError, reloading, reload } = record;
  return (
    <>
      {conflict ? <ConflictBanner onReload={() => void reload()} reloading={reloading} /> : null}
      {formError ? <FormErrorBanner message={formError} /> : null}
    </>
  );
}
