/**
 * Alerts (issue 37): the account's rules (Configurações → "Alertas"), one per event, and the portal's notifications
 * (the header's bell "Notificações"). The form, the API and the server all validate with these schemas.
 */
import { z } from 'zod';
import { isValidEmail } from './validators/fields';
import { TEAM_ROLES, type TeamRole } from './team-roles';

/** The events an account can be alerted of, in the order the "Alertas" screen lists them. */
export const ALERT_EVENTS = [
  'gateway-offline',
  'gateway-online',
  'remote-access-started',
  'approval-pending',
  'order-updated',
  'payment-declined',
] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];

export const ALERT_EVENT_LABELS: Record<AlertEvent, string> = {
  'gateway-offline': 'Gateway offline',
  'gateway-online': 'Gateway de volta',
  'remote-access-started': 'Acesso remoto iniciado',
  'approval-pending': 'Aprovação pendente',
  'order-updated': 'Pedido atualizado',
  'payment-declined': 'Pagamento recusado',
};

/**
 * The channels a rule sends through. 'webhook' is listed here for the contract's sake and becomes choosable when the
 * account has webhooks (Configurações → "Webhooks").
 */
export const ALERT_CHANNELS = ['portal', 'email', 'webhook'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

export const ALERT_CHANNEL_LABELS: Record<AlertChannel, string> = {
  portal: 'Portal',
  email: 'E-mail',
  webhook: 'Webhook',
};

/** "Gateway offline" waits this many minutes before alerting (the rule may say 1 to 1 440). */
export const DEFAULT_OFFLINE_AFTER_MINUTES = 5;
export const MAX_OFFLINE_AFTER_MINUTES = 1440;
/** A rule alerts once per subject (gateway, order, request) in this many minutes: a flapping gateway makes one alert. */
export const DEFAULT_QUIET_MINUTES = 30;
export const MAX_EXTRA_EMAILS = 10;

export const ALERT_MESSAGES = {
  noRecipient: 'Escolha ao menos um perfil ou informe um e-mail para receber o alerta.',
  noChannel: 'Escolha ao menos um canal.',
  invalidEmail: 'Informe e-mails válidos, separados por vírgula.',
  tooManyEmails: `Informe no máximo ${MAX_EXTRA_EMAILS} e-mails.`,
  afterMinutes: `Informe de 1 a ${MAX_OFFLINE_AFTER_MINUTES} minutos.`,
  quietMinutes: 'Informe de 0 a 1440 minutos.',
} as const;

const roleSchema = z.enum(TEAM_ROLES);

/** One rule as the form sends it (PUT /alert-rule/{event}, with If-Match when it exists). */
export const alertRuleInputSchema = z
  .object({
    enabled: z.boolean(),
    roles: z.array(roleSchema).max(TEAM_ROLES.length),
    extraEmails: z
      .array(z.string().trim().toLowerCase().refine(isValidEmail, ALERT_MESSAGES.invalidEmail))
      .max(MAX_EXTRA_EMAILS, ALERT_MESSAGES.tooManyEmails),
    channels: z.array(z.enum(ALERT_CHANNELS)).min(1, ALERT_MESSAGES.noChannel),
    /** Only "Gateway offline" uses it. */
    afterMinutes: z
      .number({ error: ALERT_MESSAGES.afterMinutes })
      .int(ALERT_MESSAGES.afterMinutes)
      .min(1, ALERT_MESSAGES.afterMinutes)
      .max(MAX_OFFLINE_AFTER_MINUTES, ALERT_MESSAGES.afterMinutes),
    quietMinutes: z
      .number({ error: ALERT_MESSAGES.quietMinutes })
      .int(ALERT_MESSAGES.quietMinutes)
      .min(0, ALERT_MESSAGES.quietMinutes)
      .max(1440, ALERT_MESSAGES.quietMinutes),
  })
  .superRefine((rule, ctx) => {
    if (rule.enabled && rule.roles.length === 0 && rule.extraEmails.length === 0) {
      ctx.addIssue({ code: 'custom', message: ALERT_MESSAGES.noRecipient, path: ['roles'] });
    }
  });
export type AlertRuleInput = z.infer<typeof alertRuleInputSchema>;

export interface AlertRule extends AlertRuleInput {
  event: AlertEvent;
  /** null until the account saves the rule (the screen shows the defaults). */
  version: number | null;
}

/** What a portal notification points at: the bell links each item to it ('webhook': Configurações → "Webhooks"). */
export const PORTAL_NOTIFICATION_SUBJECTS = ['device', 'machine', 'order', 'remote-access', 'webhook'] as const;
export type PortalNotificationSubject = (typeof PORTAL_NOTIFICATION_SUBJECTS)[number];

/**
 * What a portal notification tells: an alert rule's event, or what the account's Administradores are always told
 * ('webhook-disabled': an endpoint disabled after 24 h of failures; no rule, no quiet period).
 */
export const PORTAL_NOTIFICATION_EVENTS = [...ALERT_EVENTS, 'webhook-disabled'] as const;
export type PortalNotificationEvent = (typeof PORTAL_NOTIFICATION_EVENTS)[number];

/** The bell's text of a disabled webhook endpoint (title and message). */
export const WEBHOOK_DISABLED_NOTICE = {
  title: (url: string) => `Webhook desativado: ${url}`,
  message: 'Nenhuma entrega foi aceita nas últimas 24 horas. Confira o endereço e ative-o de novo em Configurações → Webhooks.',
} as const;

export interface PortalNotification {
  id: string;
  event: PortalNotificationEvent;
  title: string;
  message: string;
  subject: { kind: PortalNotificationSubject; id: string } | null;
  read: boolean;
  createdAt: { seconds: number; nanos: number };
}

/** The rule an account has before it saves one: off, to the Administrador, in the portal and by e-mail. */
export function defaultAlertRule(event: AlertEvent): AlertRule {
  const roles: TeamRole[] = ['administrador'];
  return {
    event,
    enabled: false,
    roles,
    extraEmails: [],
    channels: ['portal', 'email'],
    afterMinutes: DEFAULT_OFFLINE_AFTER_MINUTES,
    quietMinutes: DEFAULT_QUIET_MINUTES,
    version: null,
  };
}
