/**
 * Signed webhooks (issue 37, item 4): Configurações → "Webhooks". An account's endpoints (an HTTPS URL, the events it
 * listens to, a secret shown once) receive each event as a signed POST (`Ponte-Signature`, Stripe's scheme), through
 * a queue with retries for 24 h; each endpoint has a delivery log with "Reenviar" and "Enviar teste". The form, the
 * API and the server all validate with these schemas.
 */
import { z } from 'zod';
import { ALERT_EVENTS, ALERT_EVENT_LABELS, type AlertEvent } from './alerts';

/** What a delivery can be of: an alert's event, or the "Enviar teste" ping. */
export const WEBHOOK_EVENTS = [...ALERT_EVENTS, 'test'] as const;
export type WebhookEvent = AlertEvent | 'test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = { ...ALERT_EVENT_LABELS, test: 'Teste' };

export const WEBHOOK_DELIVERY_STATUSES = ['pendente', 'entregue', 'falhou'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pendente: 'Pendente',
  entregue: 'Entregue',
  falhou: 'Falhou',
};

/** An account has at most this many endpoints. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
export const MAX_WEBHOOK_URL_LENGTH = 2000;

/** The headers of each delivery. */
export const WEBHOOK_HEADERS = {
  signature: 'Ponte-Signature',
  eventId: 'Ponte-Event-Id',
  event: 'Ponte-Event',
} as const;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Informe o endereço do webhook.',
  urlInvalid: 'Informe um endereço válido (ex.: https://exemplo.com.br/webhooks/ponte).',
  urlTooLong: `Use um endereço de até ${MAX_WEBHOOK_URL_LENGTH} caracteres.`,
  https: 'Use um endereço HTTPS.',
  credentials: 'O endereço não pode conter usuário ou senha.',
  privateAddress: 'Endereços privados não são permitidos.',
  publicDomain: 'Use um domínio público (ex.: https://exemplo.com.br/webhooks/ponte).',
  unresolved: 'Não encontramos este domínio. Confira o endereço.',
  resolverDown: 'Não foi possível verificar o endereço agora. Tente novamente em instantes.',
  noEvent: 'Escolha ao menos um evento.',
  tooMany: `Uma conta pode ter até ${MAX_WEBHOOK_ENDPOINTS} webhooks.`,
  duplicate: 'Já existe um webhook com este endereço.',
  notFound: 'Webhook não encontrado.',
  deliveryNotFound: 'Entrega não encontrada.',
  disabled: 'Este webhook está desativado. Ative-o para reenviar.',
  deliveryPending: 'Esta entrega ainda está sendo tentada.',
  secretNotice: 'Guarde este segredo: ele não será mostrado de novo.',
} as const;

/** The syntactic checks of a webhook's URL (the server also resolves the host: webhooks/address.ts). */
const urlSchema = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(MAX_WEBHOOK_URL_LENGTH, WEBHOOK_MESSAGES.urlTooLong);

const eventsSchema = z.array(z.enum(ALERT_EVENTS)).min(1, WEBHOOK_MESSAGES.noEvent).max(ALERT_EVENTS.length);

/** "Novo webhook": the URL and its events. */
export const webhookCreateSchema = z.object({ url: urlSchema, events: eventsSchema });
export type WebhookCreateInput = z.infer<typeof webhookCreateSchema>;

/** An edit (If-Match): the URL, the events, and "Ativo" (re-enabling clears the failure). */
export const webhookUpdateSchema = z.object({ url: urlSchema, events: eventsSchema, enabled: z.boolean() });
export type WebhookUpdateInput = z.infer<typeof webhookUpdateSchema>;

type Time = { seconds: number; nanos: number };

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: AlertEvent[];
  enabled: boolean;
  /** Since when every delivery failed (null: the last one went through, or none was tried). */
  failingSince: Time | null;
  /** When it was disabled for failing 24 h (null: not disabled by failure). */
  disabledAt: Time | null;
  createdAt: Time;
  version: number;
}

/** The answer of a create or a rotation: the secret, this once. */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  secret: string;
}

export interface WebhookDelivery {
  /** The event id (`evt_…`, the `Ponte-Event-Id` header): the same on every attempt and on "Reenviar". */
  id: string;
  endpointId: string;
  event: WebhookEvent;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The HTTP status of the last answer (null: none, e.g. a timeout). */
  lastStatusCode: number | null;
  lastError: string | null;
  /** How long the last attempt took (ms). */
  durationMs: number | null;
  createdAt: Time;
  deliveredAt: Time | null;
  nextAttemptAt: Time | null;
}

/** What the demo's receiver got (demo mode only: `/demo/webhooks`). */
export interface DemoWebhookReceipt {
  id: string;
  eventId: string | null;
  event: string | null;
  signature: string | null;
  signatureValid: boolean;
  headers: Record<string, string>;
  body: string;
  receivedAt: Time;
}

/** "t=<unix seconds>,v1=<hex>" → its parts (null when malformed). */
export function parseWebhookSignature(header: string | null): { timestamp: number; signatures: string[] } | null {
  if (!header) return null;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}
