/** /alert-rule's answers (the input is the contract's `alertRuleInputSchema`). */
import { z } from '@hono/zod-openapi';
import { ALERT_CHANNELS, ALERT_EVENTS } from '@/contracts/alerts';
import { TEAM_ROLES } from '@/contracts/team-roles';

export const alertRuleSchema = z
  .object({
    event: z.enum(ALERT_EVENTS),
    enabled: z.boolean(),
    roles: z.array(z.enum(TEAM_ROLES)),
    extraEmails: z.array(z.string()),
    channels: z.array(z.enum(ALERT_CHANNELS)),
    afterMinutes: z.number().int().openapi({ description: 'Só "Gateway offline": minutos offline antes de alertar.' }),
    quietMinutes: z.number().int().openapi({ description: 'Um alerta por assunto (gateway, pedido, solicitação) nesses minutos.' }),
    version: z.number().int().nullable().openapi({ description: 'null: a conta ainda não salvou a regra (os padrões).' }),
  })
  .openapi('AlertRule');

export const UNKNOWN_ALERT_EVENT = 'Evento de alerta desconhecido.';

export const alertEventParams = z.object({
  event: z.enum(ALERT_EVENTS, { error: UNKNOWN_ALERT_EVENT }).openapi({ param: { name: 'event', in: 'path' } }),
});
