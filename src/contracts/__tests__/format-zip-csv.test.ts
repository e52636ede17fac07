import { describe, expect, it } from 'vitest';
import { csvDateTime, toCsv } from '../format/csv';
import { crc32, unzipStore, zipStore } from '../format/zip';

describe('zipStore (store-only ZIP)', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it('writes an archive whose files read back (UTF-8 names, text and bytes, an empty file)', () => {
    const archive = zipStore(
      [
        { name: 'dados.json', data: '{"ação":"ok"}' },
        { name: 'máquinas.csv', data: new Uint8Array([0xef, 0xbb, 0xbf, 0x41]) },
        { name: 'vazio.csv', data: '' },
      ],
      new Date(Date.UTC(2026, 10, 29, 12, 30, 10)),
    );
    // Local header, then the end record's signature 22 bytes from the end.
    expect([...archive.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect([...archive.subarray(archive.length - 22, archive.length - 18)]).toEqual([0x50, 0x4b, 0x05, 0x06]);
    const files = unzipStore(archive);
    expect([...files.keys()]).toEqual(['dados.json', 'máquinas.csv', 'vazio.csv']);
    expect(new TextDecoder().decode(files.get('dados.json'))).toBe('{"ação":"ok"}');
    expect([...(files.get('máquinas.csv') ?? [])]).toEqual([0xef, 0xbb, 0xbf, 0x41]);
    expect(files.get('vazio.csv')?.length).toBe(0);
  });

  it('refuses a damaged file (CRC)', () => {
    const archive = zipStore([{ name: 'a.txt', data: 'abc' }]);
    archive[30 + 'a.txt'.length] = 'x'.charCodeAt(0);
    expect(() => unzipStore(archive)).toThrow('a.txt: CRC-32 não confere.');
  });
});

describe('toCsv with a time zone (the server writes Brasília times)', () => {
  it('writes dd/mm/aaaa hh:mm in the zone given', () => {
    const at = new Date(Date.UTC(2026, 0, 2, 2, 5));
    expect(csvDateTime(at, 'America/Sao_Paulo')).toBe('01/01/2026 23:05');
    expect(csvDateTime(at, 'UTC')).toBe('02/01/2026 02:05');
    expect(toCsv([{ at, n: 1.5 }], [{ header: 'Quando', value: (r) => r.at }, { header: 'N', value: (r) => r.n }], { timeZone: 'America/Sao_Paulo' })).toBe(
      '\uFEFFQuando;N\r\n01/01/2026 23:05;1,5\r\n',
    );
  });
});
