/**
 * /alert-rule (issue 37, item 2): the account's alert rules, one per event (Configurações → "Alertas").
 *
 * - `GET /alert-rule` (every role): every event's rule, in ALERT_EVENTS' order; an event never saved answers the
 *   defaults with `version: null`.
 * - `PUT /alert-rule/{event}` (Administrador): the body is `alertRuleInputSchema` ("a rule with no recipient" is
 *   400 with its `field`); a saved rule needs `If-Match` (428 without, 409 `version-conflict` when stale); the first
 *   save needs none (two first saves at once: one wins, the other 409). The audit log's entry in the same batch.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import { alertRuleInputSchema, ALERT_EVENT_LABELS, defaultAlertRule } from '@/contracts/alerts';
import { apiRoute, type App } from '../../../shared/app';
import { errors, errorsOf, ifMatchHeaders, json, jsonBody } from '../../../shared/openapi';
import { requireVersion, versionConflict } from '../../../shared/versions';
import { auditInsertWhere } from '../../audit';
import { alertRule } from '../../db/alert-schema';
import { alertRuleJson, alertRulesOf, findAlertRuleRow } from '../../alerts/rules';
import { alertEventParams, alertRuleSchema } from './schemas';

const TAG = 'Alertas';

export function alertRuleRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/alert-rule',
      tags: [TAG],
      summary: 'As regras de alerta da conta, uma por evento (os padrões das não salvas)',
      responses: { 200: json(z.array(alertRuleSchema), 'Uma regra por evento.'), 401: errors[401] },
    }),
    async (c) => c.json(await alertRulesOf(c.var.db, c.var.principal.uid), 200),
  );

  app.openapi(
    apiRoute({
      access: 'team',
      method: 'put',
      path: '/alert-rule/{event}',
      tags: [TAG],
      summary: 'Salva a regra de um evento (Administrador; If-Match: versão, quando já salva)',
      request: { params: alertEventParams, headers: ifMatchHeaders, ...jsonBody(alertRuleInputSchema) },
      responses: {
        200: json(alertRuleSchema, 'Salva.'),
        ...errorsOf([401, 403, 409, 428]),
      },
    }),
    async (c) => {
      const { event } = c.req.valid('param');
      const input = c.req.valid('json');
      const { db } = c.var;
      const owner = c.var.principal.uid;
      const current = await findAlertRuleRow(db, owner, event);
      const now = Math.max(Date.now(), (current?.updatedAt ?? 0) + 1);
      const values = {
        enabled: input.enabled,
        roles: input.roles,
        extraEmails: input.extraEmails,
        channels: input.channels,
        afterMinutes: input.afterMinutes,
        quietMinutes: input.quietMinutes,
      };
      const before = current ? alertRuleJson(current) : defaultAlertRule(event);
      const target = { kind: 'alert-rule' as const, id: event, label: ALERT_EVENT_LABELS[event] };
      const fields = { enabled: before.enabled, roles: before.roles, extraEmails: before.extraEmails, channels: before.channels, afterMinutes: before.afterMinutes, quietMinutes: before.quietMinutes };
      if (current) {
        const version = requireVersion(c.req.raw, await c.req.json());
        if (version !== current.version) throw versionConflict(alertRuleJson(current));
        const update = db
          .update(alertRule)
          .set({ ...values, version: sql`${alertRule.version} + 1`, updatedAt: now })
          .where(and(eq(alertRule.ownerUid, owner), eq(alertRule.event, event), eq(alertRule.version, version)))
          .returning();
        // The entry after the UPDATE, kept only if this request made the new version.
        const audited = auditInsertWhere(
          c,
          { kind: 'alert-rule.update', target, before: fields, after: values, at: now },
          sql`EXISTS (SELECT 1 FROM ${alertRule} WHERE owner_uid = ${owner} AND event = ${event} AND version = ${version + 1} AND updated_at = ${now})`,
        );
        const [[written]] = await db.batch([update, audited]);
        if (!written) {
          const now409 = await findAlertRuleRow(db, owner, event);
          throw versionConflict(now409 ? alertRuleJson(now409) : defaultAlertRule(event));
        }
        return c.json(alertRuleJson(written), 200);
      }
      // Never saved: the first save is version 1 (a concurrent first save keeps its row: this one is 409).
      const insert = db
        .insert(alertRule)
        .values({ ownerUid: owner, event, ...values, version: 1, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      const audited = auditInsertWhere(
        c,
        { kind: 'alert-rule.create', target, before: null, after: values, at: now },
        sql`EXISTS (SELECT 1 FROM ${alertRule} WHERE owner_uid = ${owner} AND event = ${event} AND version = 1 AND updated_at = ${now})`,
      );
      const [[written]] = await db.batch([insert, audited]);
      if (!written) {
        const now409 = await findAlertRuleRow(db, owner, event);
        throw versionConflict(now409 ? alertRuleJson(now409) : defaultAlertRule(event));
      }
      return c.json(alertRuleJson(written), 200);
    },
  );
}
