/**
 * What every resource's contract shares: list pages, list queries parsed with safe fallbacks (a URL or a request
 * can carry anything: `?page=abc` falls back, never throws), optimistic-concurrency versions and the field
 * builders the resource schemas are made of. Forms, API slices and the demo backend all use these.
 */
import { z } from 'zod';
import { cnpjProblem, CNPJ_MESSAGES, normalizeCnpj } from './validators/cnpj';
import { isUf, isValidEmail, normalizePhone, phoneProblem, UFS } from './validators/fields';

// The deploy headers' CSP forbids eval: zod must not even probe for `new Function` (a caught probe is still
// reported as a violation). Every schema imports this module, so this runs before any parse.
z.config({ jitless: true });

/** `{ data, meta: { page, perPage, total } }` — one page of a server-paged list. */
export interface Page<T> {
  data: T[];
  meta: { page: number; perPage: number; total: number };
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** Longest search text a list accepts; longer input is cut, never refused. */
export const MAX_SEARCH_LENGTH = 100;
export const MAX_NAME_LENGTH = 120;

export type SortKey<K extends string> = K | `-${K}`;

export interface ListQuery<K extends string, F extends Record<string, string> = Record<string, never>> {
  page: number;
  perPage: number;
  q: string;
  sort: SortKey<K>;
  filters: Partial<F>;
}

export interface ListQueryContract<K extends string, F extends Record<string, string>> {
  sortKeys: readonly K[];
  defaultSort: SortKey<K>;
  /** Filter name → the values it accepts (`'any'`: any non-empty text, e.g. an id). */
  filters: FilterSpecs<F>;
  /** Reads a query from URL search params (or any string map); every bad value falls back to its default. */
  parse(params: URLSearchParams): ListQuery<K, F>;
  /** The search params of a query, defaults left out (so URLs stay short and canonical). */
  toParams(query: ListQuery<K, F>): URLSearchParams;
}

/**
 * What a filter accepts: a closed set of values, or, for a filter typed as plain `string` (an id), `'any'`: any
 * non-empty text up to {@link MAX_OPEN_FILTER_LENGTH} characters.
 */
export type FilterSpec<V extends string> = string extends V ? readonly V[] | 'any' : readonly V[];
export type FilterSpecs<F extends Record<string, string>> = { [P in keyof F]: FilterSpec<F[P]> };
/** Longest value an open (`'any'`) filter accepts; a longer one is dropped. */
export const MAX_OPEN_FILTER_LENGTH = 64;

function acceptsFilterValue(spec: readonly string[] | 'any', value: string): boolean {
  if (spec === 'any') return value.trim() !== '' && value.length <= MAX_OPEN_FILTER_LENGTH;
  return spec.includes(value);
}

function intOr(value: string | null, fallback: number, accept: (n: number) => boolean): number {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return fallback;
  const n = Number.parseInt(value, 10);
  return accept(n) ? n : fallback;
}

/**
 * Defines a resource's list query: its sort keys, its default sort and its filters (each a closed set of values,
 * or `'any'` for a filter typed `string`, such as a customer id).
 */
export function defineListQuery<K extends string, F extends Record<string, string> = Record<string, never>>(options: {
  sortKeys: readonly K[];
  defaultSort: SortKey<K>;
  filters?: FilterSpecs<F>;
}): ListQueryContract<K, F> {
  const filters = (options.filters ?? {}) as FilterSpecs<F>;
  const sorts = new Set<string>(options.sortKeys.flatMap((key) => [key, `-${key}`]));
  return {
    sortKeys: options.sortKeys,
    defaultSort: options.defaultSort,
    filters,
    parse(params) {
      const sort = params.get('sort') ?? '';
      const parsedFilters: Partial<F> = {};
      for (const name of Object.keys(filters) as (keyof F & string)[]) {
        const value = params.get(name);
        if (value !== null && acceptsFilterValue(filters[name] as readonly string[] | 'any', value)) {
          parsedFilters[name] = value as F[typeof name];
        }
      }
      return {
        page: intOr(params.get('page'), 1, (n) => n >= 1),
        perPage: intOr(params.get('perPage'), DEFAULT_PAGE_SIZE, (n) => (PAGE_SIZES as readonly number[]).includes(n)),
        q: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
        sort: (sorts.has(sort) ? sort : options.defaultSort) as SortKey<K>,
        filters: parsedFilters,
      };
    },
    toParams(query) {
      const params = new URLSearchParams();
      if (query.q) params.set('q', query.q);
      for (const [name, value] of Object.entries(query.filters)) {
        if (typeof value === 'string' && value) params.set(name, value);
      }
      if (query.sort !== options.defaultSort) params.set('sort', query.sort);
      if (query.page !== 1) params.set('page', String(query.page));
      if (query.perPage !== DEFAULT_PAGE_SIZE) params.set('perPage', String(query.perPage));
      return params;
    },
  };
}

/** Every stored record carries a version; an update sends it back (`If-Match`) and a stale one gets 409. */
export const VERSION_CONFLICT_MESSAGE = 'Este registro foi alterado por outra pessoa.';

// ---- field builders (messages in pt-BR, shown on the field) ----

export const requiredText = (missing: string, max = MAX_NAME_LENGTH) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: `Use no máximo ${max} caracteres.` });

export const optionalText = (max = MAX_NAME_LENGTH) =>
  z
    .string()
    .trim()
    .max(max, { error: `Use no máximo ${max} caracteres.` })
    .default('');

/** Accepts the masked or bare form, in any case; stores the 14 characters without the mask, upper-case. */
export const cnpjField = z
  .string({ error: CNPJ_MESSAGES.empty })
  .superRefine((value, ctx) => {
    const problem = cnpjProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: CNPJ_MESSAGES[problem] });
  })
  .transform(normalizeCnpj);

export const optionalEmail = z
  .string()
  .trim()
  .refine((value) => value === '' || isValidEmail(value), { error: 'E-mail inválido. Use o formato nome@empresa.com.br.' })
  .transform((value) => value.toLowerCase())
  .default('');

export const optionalPhone = z
  .string()
  .superRefine((value, ctx) => {
    const problem = phoneProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalizePhone)
  .default('');

export const optionalUf = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => value === '' || isUf(value), { error: `UF inválida. Use uma das 27: ${UFS.join(', ')}.` })
  .default('');

/** The first problem of a failed parse, as the backend's 400 says it: a message and, when there is one, the field. */
export function firstIssue(error: z.ZodError): { message: string; field?: string } {
  const issue = error.issues[0];
  if (!issue) return { message: 'Dados inválidos.' };
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
  return field ? { message: issue.message, field } : { message: issue.message };
}

/** A time as the API sends it (the base query turns it into a `Date`). */
export interface WireTime {
  seconds: number;
  nanos: number;
}

/** A record as the API sends it, before the base query turns its times into `Date`s (what tests of the API read). */
export type Wire<T> = T extends Date
  ? WireTime
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** `T` as the page holds it: each API time a `Date` (deeply; `null` stays `null`) — the inverse of `Wire`. */
export type Dated<T> = T extends WireTime
  ? Date
  : T extends readonly (infer U)[]
    ? Dated<U>[]
    : T extends object
      ? { [K in keyof T]: Dated<T[K]> }
      : T;
