/**
 * A deleted account's refusal (LGPD "Excluir conta", src/contracts/account-data.ts): every later request of its
 * people answers 403 with this code and message. No imports: the sign-in's first load reads it (no zod there).
 */
export const ACCOUNT_DELETED_MESSAGE = 'Esta conta foi excluída.';
export const ACCOUNT_DELETED_CODE = 'account-deleted';
