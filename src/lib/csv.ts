/**
 * CSV export in the browser: the pt-BR spreadsheet formatter (`;`, decimal comma, `dd/mm/aaaa hh:mm`, BOM, formula
 * neutralising) lives in src/contracts/format/csv.ts, shared with the main API's data export; here it is re-exported
 * with the download.
 */
import { downloadFile } from './download';

export {
  CSV_BOM,
  CSV_SEPARATOR,
  csvDateTime,
  csvNumber,
  neutralizeCsvText,
  toCsv,
  type CsvColumn,
  type CsvValue,
} from '@/contracts/format/csv';

/** Saves `csv` as `filename` (`.csv` added when missing) through a Blob and a temporary link (lib/download.ts). */
export function downloadCsv(filename: string, csv: string): void {
  downloadFile(filename.toLowerCase().endsWith('.csv') ? filename : `${filename}.csv`, csv, 'text/csv;charset=utf-8');
}
