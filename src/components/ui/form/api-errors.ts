import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { apiErrorCode, apiErrorMessage, apiErrorStatus, isFetchBaseQueryError } from '@/lib/api/errors';

/** The backend's code for an update sent with a stale version. */
export const VERSION_CONFLICT_CODE = 'version-conflict';

/** What a failed save means for the form. */
export type ApiErrorOutcome =
  /** The message is on the field (and the field has the focus). */
  | { kind: 'field'; field: string; message: string }
  /** 409 version conflict: show `ConflictBanner`; `current` is the server's record when the body carried it. */
  | { kind: 'conflict'; message: string; current: unknown }
  /** Anything else: show the message in `FormErrorBanner`. */
  | { kind: 'form'; message: string };

function errorBody(error: unknown): Record<string, unknown> | null {
  if (!isFetchBaseQueryError(error)) return null;
  const data: unknown = error.data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
}

function errorPart(body: Record<string, unknown> | null): Record<string, unknown> | null {
  const part = body?.error;
  return typeof part === 'object' && part !== null ? (part as Record<string, unknown>) : null;
}

/**
 * Applies a failed save to the form. A 400 or 409 whose body names a `field` of this form puts the message on
 * that field (`type: 'server'`) and focuses it; a 409 `version-conflict` is a conflict; anything else is a
 * form-level message. Never resets the form: what the user typed stays.
 *
 * @param fields the form's field names (dotted paths for nested ones); when left out, any name with a value in
 *   the form counts.
 */
export function applyApiError<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  error: unknown,
  { fields }: { fields?: readonly FieldPath<T>[] } = {},
): ApiErrorOutcome {
  const status = apiErrorStatus(error);
  const body = errorBody(error);
  const part = errorPart(body);

  if (status === 409 && apiErrorCode(error) === VERSION_CONFLICT_CODE) {
    return { kind: 'conflict', message: VERSION_CONFLICT_MESSAGE, current: body?.current ?? part?.current };
  }

  const message = apiErrorMessage(error);
  const field = part?.field;
  if ((status === 400 || status === 409) && typeof field === 'string' && field !== '') {
    const known = fields
      ? (fields as readonly string[]).includes(field)
      : form.getValues(field as FieldPath<T>) !== undefined;
    if (known) {
      form.setError(field as FieldPath<T>, { type: 'server', message }, { shouldFocus: true });
      return { kind: 'field', field, message };
    }
  }
  return { kind: 'form', message };
}
