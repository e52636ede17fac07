import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSV_BOM, csvDateTime, csvNumber, downloadCsv, neutralizeCsvText, toCsv, type CsvColumn } from '../csv';

/** A strict RFC 4180 reader with pt-BR spreadsheets' separator (`;`, double quotes, CRLF records; the last ends with CRLF). */
function parseCsv(text: string): string[][] {
  expect(text.startsWith(CSV_BOM)).toBe(true);
  const input = text.slice(CSV_BOM.length);
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  while (i < input.length) {
    const char = input.charAt(i);
    if (quoted) {
      if (char === '"' && input.charAt(i + 1) === '"') {
        cell += '"';
        i += 2;
      } else if (char === '"') {
        quoted = false;
        i += 1;
      } else {
        cell += char;
        i += 1;
      }
    } else if (char === '"') {
      expect(cell).toBe(''); // a quote opens a field, never sits inside a bare one
      quoted = true;
      i += 1;
    } else if (char === ';') {
      record.push(cell);
      cell = '';
      i += 1;
    } else if (char === '\r' && input.charAt(i + 1) === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i += 2;
    } else {
      expect(char).not.toMatch(/[\r\n"]/); // bare CR, LF or quote: not RFC 4180
      cell += char;
      i += 1;
    }
  }
  expect(quoted).toBe(false);
  expect(record).toEqual([]);
  expect(cell).toBe('');
  return records;
}

type Row = string[];
const columnsFor = (n: number): CsvColumn<Row>[] =>
  Array.from({ length: n }, (_, index) => ({ header: `c${index}`, value: (row: Row) => row[index] }));

describe('toCsv', () => {
  it('writes a header line and a line per row, `;`-separated and CRLF-terminated, after the UTF-8 BOM', () => {
    const csv = toCsv(
      [
        { name: 'Metalúrgica São José', machines: 3 },
        { name: 'Têxtil Ltda', machines: 0 },
      ],
      [
        { header: 'Cliente', value: (row) => row.name },
        { header: 'Máquinas', value: (row) => row.machines },
      ],
    );
    expect(csv).toBe('\uFEFFCliente;Máquinas\r\nMetalúrgica São José;3\r\nTêxtil Ltda;0\r\n');
  });

  it('only the header when there are no rows', () => {
    expect(toCsv([], [{ header: 'Nome', value: () => 'x' }])).toBe('\uFEFFNome\r\n');
  });

  it('quotes cells with a semicolon, a quote, CR or LF, doubling inner quotes; a comma needs no quotes', () => {
    const csv = toCsv([['a;b', 'diz "oi"', 'linha 1\nlinha 2', 'x\r\ny', 'simples', 'Rua A, 10']], columnsFor(6));
    expect(csv).toContain('\r\n"a;b";"diz ""oi""";"linha 1\nlinha 2";"x\r\ny";simples;Rua A, 10\r\n');
    expect(parseCsv(csv)[1]).toEqual(['a;b', 'diz "oi"', 'linha 1\nlinha 2', 'x\r\ny', 'simples', 'Rua A, 10']);
  });

  it('neutralises text that a spreadsheet would run as a formula', () => {
    const dangerous = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1:A2)', '\t=1', '\r=1', '-12.5'];
    const csv = toCsv([dangerous], columnsFor(dangerous.length));
    expect(parseCsv(csv)[1]).toEqual(dangerous.map((text) => `'${text}`));
    expect(csv).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('writes numbers with a decimal comma, no thousands separator, negatives as numbers; empty for null, undefined, non-finite', () => {
    const csv = toCsv([[-12.5, 0, 42, 1234567.89, null, undefined, Number.NaN, Number.POSITIVE_INFINITY]], [
      ...Array.from({ length: 8 }, (_, index) => ({
        header: `h${index}`,
        value: (row: (number | null | undefined)[]) => row[index],
      })),
    ]);
    expect(csv.split('\r\n')[1]).toBe('-12,5;0;42;1234567,89;;;;');
    expect(parseCsv(csv)[1]).toEqual(['-12,5', '0', '42', '1234567,89', '', '', '', '']);
    expect(csvNumber(1.5e-7)).toBe('1,5e-7');
  });

  it('writes dates as dd/mm/aaaa hh:mm in the local time zone; an invalid date is empty', () => {
    type Session = { at: Date; end: Date | null };
    const csv = toCsv<Session>(
      [
        { at: new Date(2026, 10, 2, 9, 5, 59), end: null },
        { at: new Date(2026, 0, 31, 23, 59), end: new Date(2026, 1, 1, 0, 4) },
      ],
      [
        { header: 'Início', value: (row) => row.at },
        { header: 'Fim', value: (row) => row.end ?? 'Em andamento' },
      ],
    );
    expect(parseCsv(csv)).toEqual([
      ['Início', 'Fim'],
      ['02/11/2026 09:05', 'Em andamento'],
      ['31/01/2026 23:59', '01/02/2026 00:04'],
    ]);
    expect(csvDateTime(new Date(Number.NaN))).toBe('');
  });

  it('keeps money already formatted as text as it is', () => {
    const csv = toCsv([['R$ 1.234,56', 'R$ 0,00']], columnsFor(2));
    expect(csv.split('\r\n')[1]).toBe('R$ 1.234,56;R$ 0,00');
  });

  it('neutralises headers too', () => {
    expect(parseCsv(toCsv([], [{ header: '=cmd', value: () => '' }]))[0]).toEqual(["'=cmd"]);
  });

  it('text that is safe is left as is', () => {
    for (const text of ['', 'abc', ' =1', "'=1", '1-2', 'a@b.com']) expect(neutralizeCsvText(text)).toBe(text);
  });

  it('property: reading the output back gives every cell, neutralised when it would start a formula', () => {
    const cell = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.string({ unit: fc.constantFrom('a', ',', ';', '"', '\r', '\n', '=', '+', '-', '@', '\t', ' ', 'ç'), maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(fc.array(cell, { minLength: 5, maxLength: 5 }), { maxLength: 8 }), (width, table) => {
        const rows = table.map((row) => row.slice(0, width));
        const parsed = parseCsv(toCsv(rows, columnsFor(width)));
        expect(parsed[0]).toEqual(columnsFor(width).map((column) => column.header));
        expect(parsed.slice(1)).toEqual(rows.map((row) => row.map((text) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text))));
        // Nothing a spreadsheet would evaluate.
        for (const row of parsed) for (const text of row) expect(text).not.toMatch(/^[=+\-@\t\r]/);
      }),
      { numRuns: 150 },
    );
  });

  it('property: numbers round-trip through the decimal comma', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 10 }), (numbers) => {
        const parsed = parseCsv(toCsv(numbers, [{ header: 'n', value: (n) => n }]));
        for (const [text] of parsed.slice(1)) expect(text).not.toContain('.');
        expect(parsed.slice(1).map(([text]) => Number(text?.replace(',', '.')))).toEqual(numbers.map((n) => (Object.is(n, -0) ? 0 : n)));
      }),
    );
  });
});

describe('downloadCsv', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('clicks a temporary link to a CSV Blob, removes it and revokes the URL afterwards', async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    const create = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:http://localhost/abc';
    });
    const revoke = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke }));
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
      expect(document.body.contains(this)).toBe(true);
    });

    downloadCsv('historico-de-acesso', toCsv([['x']], columnsFor(1)));

    expect(click).toHaveBeenCalledTimes(1);
    expect(clicked[0]?.download).toBe('historico-de-acesso.csv');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:http://localhost/abc');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    // Blob.text() drops a BOM when decoding: check the bytes.
    const bytes = new Uint8Array((await blobs[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect([...bytes]).toEqual([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('c0\r\nx\r\n')]);
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:http://localhost/abc');
    vi.unstubAllGlobals();
  });

  it('keeps a name that already ends in .csv', () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    downloadCsv('clientes.CSV', 'a');
    expect(names).toEqual(['clientes.CSV']);
    vi.unstubAllGlobals();
  });
});
