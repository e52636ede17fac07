/** Drizzle tables of migrations/0012_csp_reports.sql (keep the two in step). */
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const cspReport = sqliteTable('csp_report', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  receivedAt: integer('received_at').notNull(),
  documentUri: text('document_uri').notNull(),
  referrer: text('referrer'),
  blockedUri: text('blocked_uri'),
  effectiveDirective: text('effective_directive').notNull(),
  violatedDirective: text('violated_directive'),
  disposition: text('disposition').$type<'enforce' | 'report'>().notNull(),
  sourceFile: text('source_file'),
  lineNumber: integer('line_number'),
  columnNumber: integer('column_number'),
  statusCode: integer('status_code'),
});

export const cspReportRate = sqliteTable(
  'csp_report_rate',
  {
    bucket: text('bucket').notNull(),
    minute: integer('minute').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.minute] })],
);
