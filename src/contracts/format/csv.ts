/**
 * The pt-BR spreadsheet CSV formatter, pure: the browser's exports use it through src/lib/csv.ts (e.g. a machine's
 * "Histórico de acesso" → "Exportar CSV"), the main API's data export directly. Made for Excel and LibreOffice with
 * pt-BR regional settings, which split columns on `;` and read `1,5` as a number:
 * - `;` between fields; a field with a `;`, a quote, CR or LF goes between double quotes, inner quotes doubled
 *   (RFC 4180 with the separator pt-BR spreadsheets expect); CRLF line ends; a UTF-8 BOM first, so Excel reads the
 *   accents right.
 * - A JavaScript `number` is written with a decimal comma and no thousands separator (`-1234.5` → `-1234,5`), so the
 *   spreadsheet types it as a number you can sum.
 * - A `Date` is written as `dd/mm/aaaa hh:mm` in the browser's time zone (the one the screens show) — or in the
 *   `timeZone` given (the server writes Brasília's, `America/Sao_Paulo`) — which the spreadsheet types as a date and
 *   time.
 * - Text is written as it is: money already formatted (`R$ 1.234,56`) stays as the screen shows it.
 *
 * Formula injection: a text cell starting with `=`, `+`, `-`, `@`, tab or CR would run as a formula in a
 * spreadsheet (`=HYPERLINK(...)`, `@SUM(...)`), so it is written with a leading `'`, which spreadsheets show as
 * text. A cell given as a `number` or a `Date` is produced here and cannot carry a formula (`-12.5` stays a negative
 * number); a negative number that arrives as text (`'-12.5'`) is neutralised like any other text: whatever a user
 * typed is never trusted.
 */

export type CsvValue = string | number | Date | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value(row: Row): CsvValue;
}

/** The byte order mark that makes Excel read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
/** The field separator of spreadsheets in pt-BR (the comma is their decimal separator). */
export const CSV_SEPARATOR = ';';
const CRLF = '\r\n';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[";\r\n]/;

/** Text a spreadsheet shows as text (a leading `'` when it would start a formula). */
export function neutralizeCsvText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** `-1234,5`: the number with a decimal comma, no thousands separator (`1,5e-7` for the very small or large). */
export function csvNumber(value: number): string {
  return Number.isFinite(value) ? String(value).replace('.', ',') : '';
}

const two = (n: number) => String(n).padStart(2, '0');

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** `22/11/2026 14:05` in the browser's time zone (or `timeZone`, IANA); empty for an invalid date. */
export function csvDateTime(date: Date, timeZone?: string): string {
  if (Number.isNaN(date.getTime())) return '';
  if (timeZone) {
    const parts: Record<string, string> = {};
    for (const part of zoneFormat(timeZone).formatToParts(date)) parts[part.type] = part.value;
    return `${two(Number(parts.day))}/${two(Number(parts.month))}/${parts.year ?? ''} ${two(Number(parts.hour) % 24)}:${two(Number(parts.minute))}`;
  }
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

function cellText(value: CsvValue, timeZone: string | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return csvNumber(value);
  if (value instanceof Date) return csvDateTime(value, timeZone);
  return neutralizeCsvText(value);
}

function quote(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The CSV of `rows`: a header line, then a line per row, each ending in CRLF; starts with the UTF-8 BOM. Dates in
 * the browser's time zone, or `options.timeZone`.
 */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[], options: { timeZone?: string } = {}): string {
  const line = (cells: readonly CsvValue[]) => cells.map((cell) => quote(cellText(cell, options.timeZone))).join(CSV_SEPARATOR);
  const lines = [line(columns.map((column) => column.header))];
  for (const row of rows) lines.push(line(columns.map((column) => column.value(row))));
  return `${CSV_BOM}${lines.join(CRLF)}${CRLF}`;
}
