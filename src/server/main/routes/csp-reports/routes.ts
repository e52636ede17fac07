/**
 * POST /csp-report (public; what browsers send for the production CSP's `report-to` / `report-uri`): each report kept
 * stripped of personal data (./report.ts), rate-limited per client (its address hashed with the day, never kept) and
 * for everyone, per minute: over either limit → 429 and nothing kept. At most CSP_REPORT_ROW_CAP rows (the oldest go).
 * GET /backoffice/csp-report (staff): the kept reports, newest first.
 */
import { z } from '@hono/zod-openapi';
import { count, desc, getTableColumns, lt, sql } from 'drizzle-orm';
import { defineListQuery } from '@/contracts/common';
import { apiRoute, type App } from '../../../shared/app';
import type { Db } from '../../../shared/app-env';
import { DAY_MS } from '../../../shared/days';
import { ApiError } from '../../../shared/errors';
import { offsetOf, pageAnswer } from '../../../shared/list';
import { errors, errorSchema, json } from '../../../shared/openapi';
import { cspReport, cspReportRate } from '../../db/csp-schema';
import { parseReports } from './report';
import { cspReportPageSchema, reportingApiBody, reportUriBody } from './schemas';

/** Reports kept per client address per minute. */
export const CSP_REPORTS_PER_CLIENT = 20;
/** Reports kept from everyone per minute. */
export const CSP_REPORTS_PER_MINUTE = 200;
/** Rows kept at most; the oldest are deleted past it. */
export const CSP_REPORT_ROW_CAP = 10_000;
/** Reports older than this are deleted by the cron (the privacy policy's 90 days for error reports). */
export const CSP_REPORT_RETENTION_MS = 90 * DAY_MS;

export const INVALID_REPORT_MESSAGE = 'O relatório de CSP não pôde ser lido.';
export const RATE_LIMITED_MESSAGE = 'Relatórios demais em pouco tempo; estes não foram guardados.';
export const GLOBAL_BUCKET = '*';

/** D1 binds at most 100 parameters per statement: reports are inserted this many rows at a time (one per column). */
export const CSP_INSERT_ROWS = Math.floor(99 / Object.keys(getTableColumns(cspReport)).length);

/** `items` in runs of `size`. */
function chunks<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += size) runs.push(items.slice(start, start + size));
  return runs;
}

const listQuery = defineListQuery({ sortKeys: ['receivedAt'], defaultSort: '-receivedAt' });

async function clientBucket(address: string, now: number): Promise<string> {
  const day = Math.floor(now / DAY_MS);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`csp-report|${day}|${address}`));
  return [...new Uint8Array(digest).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Deletes reports past the retention period and counters of past minutes (the main Worker's cron). */
export async function purgeCspReports(db: Db, now = Date.now()): Promise<void> {
  await db.batch([
    db.delete(cspReport).where(lt(cspReport.receivedAt, now - CSP_REPORT_RETENTION_MS)),
    db.delete(cspReportRate).where(lt(cspReportRate.minute, Math.floor(now / 60_000) - 1)),
  ]);
}

export function cspReportRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'public',
      method: 'post',
      path: '/csp-report',
      tags: ['Segurança'],
      summary: 'Recebe relatórios de violação da Content-Security-Policy (report-to e report-uri)',
      description:
        'Enviado pelo navegador, não pelo app. Guarda cada relatório sem dados pessoais: URLs só com origem e caminho ' +
        '(sem query string, fragmento ou segredos do caminho), sem `sample`, sem user agent nem endereço. Limites por ' +
        `minuto: ${CSP_REPORTS_PER_CLIENT} por cliente, ${CSP_REPORTS_PER_MINUTE} no total (acima: 429, nada guardado).`,
      request: {
        body: {
          required: true,
          content: {
            'application/reports+json': { schema: reportingApiBody },
            'application/csp-report': { schema: reportUriBody },
          },
        },
      },
      responses: {
        204: { description: 'Guardado (ou nenhum relatório de CSP no corpo).' },
        400: json(errorSchema, 'Corpo que não é um relatório de CSP.'),
        429: json(errorSchema, 'Limite por minuto atingido (`Retry-After`); nada foi guardado.'),
      },
    }),
    async (c) => {
      const parsed = parseReports(c.req.header('content-type'), await c.req.text());
      if (!parsed.ok) throw new ApiError(400, 'invalid-report', INVALID_REPORT_MESSAGE);
      if (parsed.rows.length === 0) return c.body(null, 204);
      const db = c.var.db;
      const now = Date.now();
      const minute = Math.floor(now / 60_000);
      const bucket = await clientBucket(c.req.header('cf-connecting-ip') ?? 'sem-endereco', now);
      const counted = (name: string) =>
        db
          .insert(cspReportRate)
          .values({ bucket: name, minute, count: parsed.rows.length })
          .onConflictDoUpdate({ target: [cspReportRate.bucket, cspReportRate.minute], set: { count: sql`${cspReportRate.count} + excluded.count` } })
          .returning({ count: cspReportRate.count });
      const [client, everyone] = await db.batch([counted(bucket), counted(GLOBAL_BUCKET)]);
      if ((client[0]?.count ?? 0) > CSP_REPORTS_PER_CLIENT || (everyone[0]?.count ?? 0) > CSP_REPORTS_PER_MINUTE) {
        c.header('Retry-After', String(60 - Math.floor((now % 60_000) / 1000)));
        throw new ApiError(429, 'rate-limited', RATE_LIMITED_MESSAGE);
      }
      const inserts = chunks(parsed.rows, CSP_INSERT_ROWS).map((run) => db.insert(cspReport).values(run.map((row) => ({ ...row, receivedAt: now }))));
      const [first, ...rest] = inserts;
      if (!first) return c.body(null, 204);
      await db.batch([
        first,
        ...rest,
        // The cap: whatever is older than the newest CSP_REPORT_ROW_CAP rows.
        db.delete(cspReport).where(
          sql`${cspReport.id} <= (SELECT ${cspReport.id} FROM ${cspReport} ORDER BY ${cspReport.id} DESC LIMIT 1 OFFSET ${CSP_REPORT_ROW_CAP})`,
        ),
        db.delete(cspReportRate).where(lt(cspReportRate.minute, minute - 1)),
      ]);
      return c.body(null, 204);
    },
  );

  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'get',
      path: '/backoffice/csp-report',
      tags: ['Segurança'],
      summary: 'Os relatórios de CSP guardados, do mais recente',
      request: { query: z.object({ page: z.string().optional(), perPage: z.string().optional() }) },
      responses: { 200: json(cspReportPageSchema, 'Uma página de relatórios.'), 403: errors[403] },
    }),
    async (c) => {
      const query = listQuery.parse(new URL(c.req.url).searchParams);
      const db = c.var.db;
      const [rows, total] = await db.batch([
        db.select().from(cspReport).orderBy(desc(cspReport.receivedAt), desc(cspReport.id)).limit(query.perPage).offset(offsetOf(query)),
        db.select({ total: count() }).from(cspReport),
      ]);
      return c.json(pageAnswer(rows, query, total[0]?.total ?? 0) as never, 200);
    },
  );
}
