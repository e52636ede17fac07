import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

/** Backend error body: HTTP status + { error: { code, message } }. */
export interface ApiErrorBody {
  error: { code: string; message: string };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

export function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** HTTP status of an API error, when there is one. */
export function apiErrorStatus(error: unknown): number | null {
  if (!isFetchBaseQueryError(error)) return null;
  if (typeof error.status === 'number') return error.status;
  if (error.status === 'PARSING_ERROR') return error.originalStatus;
  return null;
}

export function apiErrorCode(error: unknown): string | null {
  if (isFetchBaseQueryError(error) && isApiErrorBody(error.data)) return error.data.error.code;
  return null;
}

/** A clear pt-BR sentence for any API failure; the backend's own message wins when it sent one. */
export function apiErrorMessage(error: unknown): string {
  if (isFetchBaseQueryError(error)) {
    if (isApiErrorBody(error.data)) return error.data.error.message;
    switch (error.status) {
      case 'FETCH_ERROR':
        return 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.';
      case 'TIMEOUT_ERROR':
        return 'O servidor demorou demais para responder. Tente novamente.';
      case 'PARSING_ERROR':
        return error.originalStatus >= 500
          ? `O servidor está com problemas (erro ${error.originalStatus}). Tente novamente em instantes.`
          : 'O servidor enviou uma resposta inválida. Tente novamente em instantes.';
      case 'CUSTOM_ERROR':
        return error.error;
      default:
        break;
    }
    const status = error.status;
    if (status === 401) return 'Sua sessão expirou. Entre novamente.';
    if (status === 403) return 'Você não tem permissão para esta ação.';
    if (status === 404) return 'Não encontrado.';
    if (status === 409) return 'Este registro já existe.';
    if (status === 429) return 'Muitas tentativas. Aguarde um pouco e tente novamente.';
    if (status >= 500) return `O servidor está com problemas (erro ${status}). Tente novamente em instantes.`;
    return `Não foi possível concluir a operação (erro ${status}).`;
  }
  const serialized = error as SerializedError | Error | undefined;
  if (serialized && typeof serialized.message === 'string' && serialized.message) return serialized.message;
  return 'Algo deu errado. Tente novamente.';
}
