/**
 * Pieces every route's contract is made of: the error body, `{ seconds, nanos }` times, list pages, the list
 * query's parameters, the `:id` parameter and the answers most routes can give.
 */
import { z } from '@hono/zod-openapi';

export const timestampSchema = z.object({ seconds: z.number().int(), nanos: z.number().int() }).openapi('Timestamp');

export const errorSchema = z
  .object({
    error: z
      .object({
        code: z.string(),
        message: z.string().openapi({ description: 'Em português, mostrada ao usuário.' }),
        field: z.string().optional(),
      })
      .passthrough(),
  })
  .openapi('Error');

/** `{ data, meta: { page, perPage, total } }`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    meta: z.object({ page: z.number().int(), perPage: z.number().int(), total: z.number().int() }),
  });
}

/** A list's query parameters: validated leniently by the contract's `defineListQuery` (bad values fall back). */
export function listQueryParams<F extends string>(filters: readonly F[] = []) {
  const shape: Record<string, z.ZodOptional<z.ZodString>> = {
    page: z.string().optional().openapi({ description: 'Página, a partir de 1.', example: '1' }),
    perPage: z.string().optional().openapi({ description: '10, 20, 50 ou 100.', example: '20' }),
    q: z.string().optional().openapi({ description: 'Busca (sem diferenciar maiúsculas e acentos).' }),
    sort: z.string().optional().openapi({ description: 'Chave de ordenação; `-chave` decrescente.' }),
  };
  for (const filter of filters) shape[filter] = z.string().optional();
  return z.object(shape);
}

export const idParams = z.object({ id: z.string().min(1).max(80).openapi({ param: { name: 'id', in: 'path' } }) });

export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

const error = (description: string) => json(errorSchema, description);

/** The errors a route may answer, by status. */
export const errors = {
  400: error('Dados inválidos (mensagem e campo).'),
  401: error('Sem sessão válida.'),
  403: error('O perfil não permite.'),
  404: error('Não encontrado (também o registro de outra conta).'),
  409: error('Conflito: duplicado, dependentes ou versão desatualizada (`current`).'),
  413: error('Corpo grande demais.'),
  422: error('Chave de idempotência reutilizada com outro corpo.'),
  428: error('Versão do registro não enviada (If-Match).'),
} as const;

export type ErrorStatus = keyof typeof errors;

/** The error answers of `statuses`, typed as those alone (a route's `responses` then lists exactly them). */
export function errorsOf<S extends ErrorStatus>(statuses: readonly S[]) {
  const picked: Partial<Record<ErrorStatus, (typeof errors)[ErrorStatus]>> = {};
  for (const status of statuses) picked[status] = errors[status];
  return picked as Pick<typeof errors, S>;
}

/** Headers of writes: `Idempotency-Key` on creates, `If-Match` on updates. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z.string().min(1).max(200).optional().openapi({
    description: 'Obrigatório em criações: a mesma chave repetida devolve a mesma resposta.',
  }),
});
export const ifMatchHeaders = z.object({
  'if-match': z.string().optional().openapi({
    description: 'A versão editada do registro (obrigatória; desatualizada → 409).',
  }),
});
