/** The form fields, bound to the `<Form>` around them (react-hook-form's `useController`). */
export { CheckboxField, type CheckboxFieldProps } from './checkbox-field';
export { MaskedField, type MaskedFieldProps } from './masked-field';
export { SelectField, type SelectFieldProps, type SelectOption } from './select-field';
export { TextInputField, type TextInputFieldProps } from './text-input-field';
export { TextareaField, type TextareaFieldProps } from './textarea-field';
export { type FormFieldProps } from './use-form-field';
