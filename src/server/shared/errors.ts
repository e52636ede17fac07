/**
 * The API's errors: HTTP status + `{ error: { code, message, ...extra } }`, the message in pt-BR (the portal shows
 * it). Handlers throw `ApiError`; the app's error handler answers it (and turns anything else into a 500 that says
 * nothing of the cause).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): { error: Record<string, unknown> } {
    return { error: { code: this.code, message: this.message, ...this.extra } };
  }
}

export const UNAUTHENTICATED_MESSAGE = 'Sessão ausente ou expirada. Entre novamente.';
export const STAFF_ONLY_MESSAGE = 'Acesso restrito à equipe Ponte IIoT.';
export const INVALID_BODY_MESSAGE = 'O corpo da requisição deve ser um JSON válido.';
export const BODY_TOO_LARGE_MESSAGE = 'O corpo da requisição é grande demais (máximo de 256 KB).';
export const DUPLICATE_MESSAGE = 'Já existe um registro com estes dados.';
export const INTERNAL_ERROR_MESSAGE = 'Erro interno no servidor. Tente novamente em instantes.';
export const VERSION_REQUIRED_MESSAGE =
  'Não foi possível salvar: a versão do registro não foi enviada. Recarregue a página e tente de novo.';
export const IDEMPOTENCY_KEY_REQUIRED_MESSAGE = 'Envie o cabeçalho Idempotency-Key para criar um registro.';
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = 'Chave de idempotência já usada em outra operação.';
export const IDEMPOTENCY_IN_PROGRESS_MESSAGE =
  'Uma requisição com esta chave de idempotência ainda está em andamento. Tente de novo em instantes.';

export const unauthenticated = () => new ApiError(401, 'unauthenticated', UNAUTHENTICATED_MESSAGE);
export const staffOnly = () => new ApiError(403, 'forbidden', STAFF_ONLY_MESSAGE);
/** 404 with the resource's own message ('Cliente não encontrado.'): also for another owner's record, never 403. */
export const notFound = (message = 'Registro não encontrado.') => new ApiError(404, 'not-found', message);
export const invalidBody = () => new ApiError(400, 'invalid-body', INVALID_BODY_MESSAGE);
export const validationError = (message: string, field?: string) =>
  new ApiError(400, 'validation', message, field ? { field } : {});
export const conflict = (code: string, message: string, extra: Record<string, unknown> = {}) =>
  new ApiError(409, code, message, extra);
