/**
 * A text file the API answers (a WireGuard configuration), fetched with the bearer token like every call (never a
 * token in a URL) and handed to `downloadFile`. The endpoint is a mutation, so the file is not kept in the cache.
 */
import { filenameFromContentDisposition } from '@/lib/download';

/** A file ready to be saved. */
export interface TextFile {
  filename: string;
  content: string;
}

/**
 * The request of a text file: asked as text, read by its content type, retried on 5xx and network errors (a GET
 * changes nothing; a POST that rotates keys says why a repeat is harmless where it is declared).
 */
export function textFileRequest(url: string, method: 'GET' | 'POST') {
  return { url, method, headers: { Accept: 'text/plain' }, responseHandler: 'content-type' as const, idempotent: true };
}

/** The answer as a file: the name its `Content-Disposition` gives, else `fallbackName`. */
export function textFileFrom(content: unknown, meta: unknown, fallbackName: string): TextFile {
  const headers = (meta as { response?: Response } | undefined)?.response?.headers;
  return {
    filename: filenameFromContentDisposition(headers?.get('Content-Disposition')) ?? fallbackName,
    content: typeof content === 'string' ? content : String(content ?? ''),
  };
}
