/** CSP reports: the bodies browsers send (documented; read by ./report.ts) and the staff's answer. */
import { z } from '@hono/zod-openapi';
import { pageOf, timestampSchema } from '../../../shared/openapi';

/**
 * The bodies, documented as plain JSON Schemas (not zod): the route reads either itself (./report.ts), so no validator
 * or content-type gate runs before it and any other body is its own 400.
 */
export const reportingApiBody = {
  type: 'array' as const,
  description: 'Reporting API (`report-to`): `[{ type: "csp-violation", url, body: { documentURL, effectiveDirective, blockedURL, … } }]`.',
  items: { type: 'object' as const },
};

export const reportUriBody = {
  type: 'object' as const,
  description: '`report-uri`: `{ "csp-report": { "document-uri", "effective-directive", "blocked-uri", … } }`.',
};

export const cspReportSchema = z
  .object({
    id: z.number().int(),
    receivedAt: timestampSchema,
    documentUri: z.string().openapi({ description: 'Origem e caminho da página (sem query string, fragmento nem segredos).' }),
    referrer: z.string().nullable(),
    blockedUri: z.string().nullable().openapi({ description: 'Origem e caminho do recurso bloqueado, ou `inline`, `eval`, `data`…' }),
    effectiveDirective: z.string(),
    violatedDirective: z.string().nullable(),
    disposition: z.enum(['enforce', 'report']),
    sourceFile: z.string().nullable(),
    lineNumber: z.number().int().nullable(),
    columnNumber: z.number().int().nullable(),
    statusCode: z.number().int().nullable(),
  })
  .openapi('CspReport');

export const cspReportPageSchema = pageOf(cspReportSchema).openapi('CspReportPage');
