import type { DefaultValues, FieldPath, FieldPathValue, FieldValues, UseFormReturn } from 'react-hook-form';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  return false;
}

function cloneValues<V>(value: V): V {
  if (Array.isArray(value)) return value.map((item: unknown) => cloneValues(item)) as V;
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cloneValues(item)])) as V;
  }
  return value;
}

/** Paths (dotted) whose value differs from the default; plain objects are walked, arrays compared whole. */
function editedPaths(values: unknown, defaults: unknown, prefix = ''): string[] {
  if (isPlainObject(values) && isPlainObject(defaults)) {
    return Object.keys(values).flatMap((key) => editedPaths(values[key], defaults[key], prefix ? `${prefix}.${key}` : key));
  }
  return sameValue(values, defaults) || prefix === '' ? [] : [prefix];
}

/**
 * After a version conflict: makes the server's latest values the form's new defaults (so the next save goes
 * over the latest version, e.g. a `version` field in the form) and puts back on top every value the user had
 * changed, still marked as edited. What the user typed is never lost; what they did not touch shows the latest.
 * A list (array) the user changed is kept whole.
 *
 * @returns the paths kept from the user's edits.
 *
 * @example
 * const { data } = await refetch();
 * if (data) keepTypedValues(form, toFormValues(data));
 */
export function keepTypedValues<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getValues' | 'reset' | 'setValue' | 'formState'>,
  latest: T,
): string[] {
  // A copy: getValues() may hand out the form's live object, which reset() replaces.
  const typed = cloneValues(form.getValues());
  const edited = editedPaths(typed, form.formState.defaultValues ?? {});
  form.reset(latest as DefaultValues<T>);
  for (const path of edited) {
    const name = path as FieldPath<T>;
    const value = path.split('.').reduce<unknown>(
      (node, key) => (isPlainObject(node) ? node[key] : undefined),
      typed,
    ) as FieldPathValue<T, FieldPath<T>>;
    form.setValue(name, value, { shouldDirty: true });
  }
  return edited;
}
