/**
 * Payment platform ("Plat. de Pagamento"): the account at a payment provider that charges the Pix, boletos and
 * cards of the payment methods on it. One contract for the back office's form, its API slice and the demo backend.
 *
 * The secret key is write-only: a create must send one, an update keeps the stored key unless it sends a new one,
 * and no answer of the API ever carries it — only `hasSecretKey` and its last four characters (`secretKeyLast4`).
 */
import { z } from 'zod';
import { defineListQuery, requiredText } from './common';

export const PAYMENT_ENVIRONMENTS = ['sandbox', 'producao'] as const;
export type PaymentEnvironment = (typeof PAYMENT_ENVIRONMENTS)[number];

export const PAYMENT_ENVIRONMENT_LABELS: Readonly<Record<PaymentEnvironment, string>> = {
  sandbox: 'Sandbox (testes)',
  producao: 'Produção',
};

export function isPaymentEnvironment(value: unknown): value is PaymentEnvironment {
  return typeof value === 'string' && (PAYMENT_ENVIRONMENTS as readonly string[]).includes(value);
}

/** A payment method on a platform, as the platform's answers list them. */
export interface PaymentPlatformMethod {
  id: string;
  name: string;
  enabled: boolean;
}

export interface PaymentPlatform {
  id: string;
  name: string;
  /** "Pagar.me", "Banco Cora", "Mercado Pago"… */
  provider: string;
  environment: PaymentEnvironment;
  publicKey: string;
  /** A key is stored (always, for a saved platform). The key itself never leaves the server. */
  hasSecretKey: boolean;
  /** The stored key's last four characters ("c0a7"), or null without one. */
  secretKeyLast4: string | null;
  enabled: boolean;
  /** The methods on this platform: disabling it disables the enabled ones; while any exists it cannot be deleted. */
  methods: PaymentPlatformMethod[];
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export const KEY_MAX_LENGTH = 200;
export const SECRET_KEY_MIN_LENGTH = 8;

export const PAYMENT_PLATFORM_MESSAGES = {
  name: 'Informe o nome.',
  provider: 'Informe o provedor.',
  environment: 'Escolha o ambiente.',
  publicKey: 'Informe a chave pública.',
  publicKeySpaces: 'A chave pública não pode ter espaços.',
  secretKey: 'Informe a chave secreta.',
  secretKeyShort: `A chave secreta deve ter pelo menos ${SECRET_KEY_MIN_LENGTH} caracteres.`,
  secretKeySpaces: 'A chave secreta não pode ter espaços.',
  notFound: 'Plataforma não encontrada.',
} as const;

const environmentField = z
  .string({ error: PAYMENT_PLATFORM_MESSAGES.environment })
  .refine(isPaymentEnvironment, { error: PAYMENT_PLATFORM_MESSAGES.environment })
  .transform((value) => value as PaymentEnvironment);

const publicKeyField = requiredText(PAYMENT_PLATFORM_MESSAGES.publicKey, KEY_MAX_LENGTH).refine((value) => !/\s/.test(value), {
  error: PAYMENT_PLATFORM_MESSAGES.publicKeySpaces,
});

/** A secret key as typed: blank is `''` (refused on create, "keep the stored one" on update). */
const secretKeyField = (required: boolean) =>
  z
    .string({ error: PAYMENT_PLATFORM_MESSAGES.secretKey })
    .trim()
    .max(KEY_MAX_LENGTH, { error: `Use no máximo ${KEY_MAX_LENGTH} caracteres.` })
    .superRefine((value, ctx) => {
      if (value === '') {
        if (required) ctx.addIssue({ code: 'custom', message: PAYMENT_PLATFORM_MESSAGES.secretKey });
        return;
      }
      if (/\s/.test(value)) ctx.addIssue({ code: 'custom', message: PAYMENT_PLATFORM_MESSAGES.secretKeySpaces });
      else if (value.length < SECRET_KEY_MIN_LENGTH) ctx.addIssue({ code: 'custom', message: PAYMENT_PLATFORM_MESSAGES.secretKeyShort });
    });

const platformFields = {
  name: requiredText(PAYMENT_PLATFORM_MESSAGES.name),
  provider: requiredText(PAYMENT_PLATFORM_MESSAGES.provider, 80),
  environment: environmentField,
  publicKey: publicKeyField,
};

/** POST: every field, the secret key included. */
export const paymentPlatformCreateSchema = z.object({ ...platformFields, secretKey: secretKeyField(true) });

/** PUT: the same fields; a blank (or absent) secret key keeps the stored one. */
export const paymentPlatformUpdateSchema = z.object({ ...platformFields, secretKey: secretKeyField(false).default('') });

/** What the form holds (create and edit alike). */
export type PaymentPlatformFormValues = z.input<typeof paymentPlatformCreateSchema>;
export type PaymentPlatformCreateInput = z.output<typeof paymentPlatformCreateSchema>;
export type PaymentPlatformUpdateInput = z.output<typeof paymentPlatformUpdateSchema>;

export const PAYMENT_PLATFORM_STATUSES = ['enabled', 'disabled'] as const;
export type PaymentPlatformStatus = (typeof PAYMENT_PLATFORM_STATUSES)[number];

export type PaymentPlatformSortKey = 'name' | 'provider' | 'environment' | 'createdAt';

export const paymentPlatformListQuery = defineListQuery<PaymentPlatformSortKey, { status: PaymentPlatformStatus }>({
  sortKeys: ['name', 'provider', 'environment', 'createdAt'],
  defaultSort: 'name',
  filters: { status: PAYMENT_PLATFORM_STATUSES },
});

export type PaymentPlatformListQuery = ReturnType<typeof paymentPlatformListQuery.parse>;

/** The last four characters of a secret key: all that is ever shown of it. */
export function secretKeyLast4(secretKey: string): string | null {
  return secretKey ? secretKey.slice(-4) : null;
}

/** The edit form's hint under "Chave secreta". */
export function keepSecretKeyHint(last4: string): string {
  return `Deixe em branco para manter a chave atual (final ${last4})`;
}

/** "A, B e C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} e ${names[names.length - 1] ?? ''}`;
}

/**
 * What disabling a platform does to its enabled methods, for the confirmation: "Os métodos Pix e Boleto bancário
 * também serão desativados." (null when it has none enabled).
 */
export function methodsAlsoDisabledSentence(methodNames: readonly string[]): string | null {
  if (methodNames.length === 0) return null;
  if (methodNames.length === 1) return `O método ${methodNames[0] ?? ''} também será desativado.`;
  return `Os métodos ${joinNames(methodNames)} também serão desativados.`;
}

/** The 409 of deleting a platform that methods still use: names how many. */
export function platformHasMethodsMessage(n: number): string {
  const methods = n === 1 ? '1 método de pagamento a usa' : `${n} métodos de pagamento a usam`;
  return `Esta plataforma não pode ser excluída: ${methods}. Exclua ${n === 1 ? 'o método' : 'os métodos'} ou ${n === 1 ? 'mude-o' : 'mude-os'} de plataforma antes.`;
}
