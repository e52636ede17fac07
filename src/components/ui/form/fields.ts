/** The form fields, bound to the `<Form>` around them (react-hook-form's `useController`). */
export { CheckboxField, type CheckboxFieldProps } from './checkbox-field';
export { DateField, type DateFieldProps } from './date-field';
export { MaskedField, type MaskedFieldProps } from './masked-field';
export { MultiSelectField, type MultiSelectFieldProps, type MultiSelectOption } from './multi-select-field';
export { PasswordField, type PasswordFieldProps } from './password-field';
export { SelectField, type SelectFieldProps, type SelectOption } from './select-field';
export { TextInputField, type TextInputFieldProps } from './text-input-field';
export { TextareaField, type TextareaFieldProps } from './textarea-field';
export { type FormFieldProps } from './use-form-field';
