/** Form building blocks of the business screens: react-hook-form + the contracts' zod schemas. */
export { applyApiError, VERSION_CONFLICT_CODE, type ApiErrorOutcome } from './api-errors';
export { ConflictBanner, FormErrorBanner } from './banners';
export * from './fields';
export { Form, FormActions, type FormActionsProps, type FormProps } from './form';
export { keepTypedValues } from './keep-typed-values';
export { applyMask, MASKS, rejectedCharacters, type MaskKind } from './masks';
export {
  UNSAVED_CHANGES_DESCRIPTION,
  UNSAVED_CHANGES_TITLE,
  UnsavedChangesDialog,
  useUnsavedChangesGuard,
  type UnsavedChangesGuard,
} from './use-unsaved-changes';
export {
  RecordFormBanners,
  useRecordForm,
  type RecordForm,
  type RecordFormProps,
  type UseRecordFormOptions,
} from './use-record-form';
export { useFormSubmit } from './use-form-submit';
export { useZodForm, type UseZodFormOptions, type ZodForm } from './use-zod-form';
