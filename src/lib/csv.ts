/**
 * CSV export (e.g. a machine's "Histórico de acesso" → "Exportar CSV"), made for Excel and LibreOffice in pt-BR:
 * RFC 4180 (comma separator, fields with a comma, quote, CR or LF between double quotes, inner quotes doubled,
 * CRLF line ends) with a UTF-8 BOM, so Excel reads the accents right.
 *
 * Formula injection: a text cell starting with `=`, `+`, `-`, `@`, tab or CR would run as a formula in a
 * spreadsheet (`=HYPERLINK(...)`, `@SUM(...)`), so it is written with a leading `'`, which spreadsheets show as
 * text. The choice for numbers: a cell given as a JavaScript `number` is written as the number (`-12.5` stays a
 * negative number you can sum): it is produced by `String(n)` and cannot carry a formula. A negative number that
 * arrives as text (`'-12.5'`) is neutralised like any other text: whatever a user typed is never trusted.
 */

import { downloadFile } from './download';

export type CsvValue = string | number | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value(row: Row): CsvValue;
}

/** The byte order mark that makes Excel read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
const CRLF = '\r\n';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Text a spreadsheet shows as text (a leading `'` when it would start a formula). */
export function neutralizeCsvText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function cellText(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return neutralizeCsvText(value);
}

function quote(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV of `rows`: a header line, then a line per row, each ending in CRLF; starts with the UTF-8 BOM. */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const lines = [columns.map((column) => quote(cellText(column.header))).join(',')];
  for (const row of rows) lines.push(columns.map((column) => quote(cellText(column.value(row)))).join(','));
  return `${CSV_BOM}${lines.join(CRLF)}${CRLF}`;
}

/** Saves `csv` as `filename` (`.csv` added when missing) through a Blob and a temporary link (lib/download.ts). */
export function downloadCsv(filename: string, csv: string): void {
  downloadFile(filename.toLowerCase().endsWith('.csv') ? filename : `${filename}.csv`, csv, 'text/csv;charset=utf-8');
}
