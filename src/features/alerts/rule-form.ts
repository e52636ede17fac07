/**
 * The "Alertas" card's form: what the inputs hold (the e-mails as typed, the minutes as text) and how it becomes the
 * contract's `AlertRuleInput`. The contract's schema (src/contracts/alerts.ts) is the one that judges: its messages
 * land on the field they are about ("E-mails extras" for any of its e-mails).
 */
import { z } from 'zod';
import {
  ALERT_CHANNELS,
  alertRuleInputSchema,
  type AlertChannel,
  type AlertRule,
  type AlertRuleInput,
} from '@/contracts/alerts';
import { ROLE_LABELS, TEAM_ROLES, type TeamRole } from '@/contracts/team-roles';

export interface AlertRuleFormValues {
  enabled: boolean;
  roles: TeamRole[];
  /** "a@x.com, b@y.com" as typed. */
  extraEmails: string;
  channels: AlertChannel[];
  afterMinutes: string;
  quietMinutes: string;
}

export const ALERT_RULE_FIELDS = ['enabled', 'roles', 'extraEmails', 'channels', 'afterMinutes', 'quietMinutes'] as const;
type AlertRuleField = (typeof ALERT_RULE_FIELDS)[number];

const isRuleField = (value: unknown): value is AlertRuleField =>
  (ALERT_RULE_FIELDS as readonly unknown[]).includes(value);

/** "a@x.com, b@y.com;c@z.com" → the e-mails, blanks left out (a trailing comma is no e-mail). */
export function splitEmails(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Whole minutes as typed; anything else is NaN, which the contract refuses with its message. */
function minutesOf(text: string): number {
  const trimmed = text.trim();
  return /^\d{1,5}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The field a contract issue is about: `extraEmails.2` is the "E-mails extras" field. */
export function ruleFieldOf(path: readonly PropertyKey[] | string): AlertRuleField | null {
  const first = typeof path === 'string' ? path.split('.')[0] : path[0];
  return isRuleField(first) ? first : null;
}

export const alertRuleFormSchema = z
  .object({
    enabled: z.boolean(),
    roles: z.array(z.enum(TEAM_ROLES)),
    extraEmails: z.string(),
    channels: z.array(z.enum(ALERT_CHANNELS)),
    afterMinutes: z.string(),
    quietMinutes: z.string(),
  })
  .transform((values, ctx): AlertRuleInput => {
    const parsed = alertRuleInputSchema.safeParse({
      enabled: values.enabled,
      roles: values.roles,
      extraEmails: splitEmails(values.extraEmails),
      channels: values.channels,
      afterMinutes: minutesOf(values.afterMinutes),
      quietMinutes: minutesOf(values.quietMinutes),
    });
    if (parsed.success) return parsed.data;
    const seen = new Set<AlertRuleField>();
    for (const issue of parsed.error.issues) {
      const field = ruleFieldOf(issue.path) ?? 'roles';
      if (seen.has(field)) continue;
      seen.add(field);
      ctx.addIssue({ code: 'custom', message: issue.message, path: [field] });
    }
    return z.NEVER;
  });

/** What the form starts from: the rule as saved (or the defaults of a rule never saved). */
export function formValuesOf(rule: AlertRule): AlertRuleFormValues {
  return {
    enabled: rule.enabled,
    roles: [...rule.roles],
    extraEmails: rule.extraEmails.join(', '),
    channels: [...rule.channels],
    afterMinutes: String(rule.afterMinutes),
    quietMinutes: String(rule.quietMinutes),
  };
}

/** Why Técnico and Leitura see the rules without changing them (the API refuses them with a 403 anyway). */
export function alertRulesLockMessage(role: TeamRole): string | null {
  return role === 'administrador' ? null : `Seu perfil (${ROLE_LABELS[role]}) não permite alterar as regras de alerta.`;
}
