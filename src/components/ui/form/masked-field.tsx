import type { ChangeEvent, InputHTMLAttributes } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { inputClasses } from '../field';
import { FieldShell } from './field-shell';
import { applyMask, MASKS, rejectedCharacters, type MaskKind } from './masks';
import { toText, useFormField, type FormFieldProps } from './use-form-field';

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  | 'name'
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'onBlur'
  | 'id'
  | 'form'
  | 'children'
  | 'required'
  | 'disabled'
  | 'className'
  | 'type'
  | 'inputMode'
  | 'maxLength'
>;

export type MaskedFieldProps<T extends FieldValues, N extends FieldPath<T>, O = T> = FormFieldProps<T, N, O> &
  NativeInputProps & {
    mask: MaskKind;
    /**
     * After every edit: the characters it typed or pasted that the mask dropped (letters in a CEP, say; '' when
     * none) and the masked value. Lets the form say why they vanished instead of dropping them silently.
     */
    onRejectedInput?: (rejected: string, value: string) => void;
  };

/**
 * An input masked as typed: CNPJ `12.ABC.345/01DE-35` (letters upper-cased), phone `(11) 91234-5678`, CEP
 * `01310-100`. The form holds the masked text; the contract's schema unmasks it on submit. A value that comes in
 * bare (e.g. the record's `12ABC34501DE35`) is shown masked. The CNPJ field shows `CNPJ_HINT` unless told
 * otherwise (`hint={null}` hides it).
 */
export function MaskedField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  name,
  control,
  label,
  hint,
  required,
  disabled,
  id,
  className,
  mask,
  onRejectedInput,
  ...inputProps
}: MaskedFieldProps<T, N, O>) {
  const spec = MASKS[mask];
  const shownHint = hint === undefined ? spec.hint : hint;
  const f = useFormField<T, N, O>({ name, control, id, disabled, hint: shownHint });
  const shown = spec.format(toText(f.field.value));

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const native = event.nativeEvent as Partial<InputEvent>;
    const rejected = onRejectedInput ? rejectedCharacters(mask, input.value) : '';
    const { value, caret } = applyMask(
      mask,
      input.value,
      input.selectionStart ?? input.value.length,
      shown,
      typeof native.inputType === 'string' ? native.inputType : undefined,
    );
    // Written before React re-renders, so the controlled value already matches and the caret is not thrown to
    // the end.
    if (input.value !== value) input.value = value;
    if (input.ownerDocument.activeElement === input) input.setSelectionRange(caret, caret);
    onRejectedInput?.(rejected, value);
    f.field.onChange(value);
  };

  return (
    <FieldShell {...f.shell} label={label} required={required} hint={shownHint} className={className}>
      <input
        placeholder={spec.placeholder}
        autoComplete={spec.autoComplete}
        autoCapitalize={spec.autoCapitalize}
        autoCorrect="off"
        spellCheck={false}
        {...inputProps}
        {...f.a11y}
        ref={f.field.ref}
        type={spec.type}
        inputMode={spec.inputMode}
        name={f.field.name}
        value={shown}
        onChange={onChange}
        onBlur={f.field.onBlur}
        required={required}
        disabled={f.disabled}
        className={inputClasses(Boolean(f.error))}
      />
    </FieldShell>
  );
}
