import { describe, expect, it } from 'vitest';
import type { AccessEntry } from '@/contracts/machine';
import { toCsv } from '@/lib/csv';
import { ACCESS_CSV_COLUMNS } from '../access';

const entry = (overrides: Partial<AccessEntry>): AccessEntry => ({
  id: 'access-1',
  userName: 'Ana Souza',
  userEmail: 'ana@example.com',
  publicIp: '200.10.20.30',
  startedAt: new Date(2026, 10, 2, 14, 5),
  endedAt: new Date(2026, 10, 2, 15, 30),
  durationSeconds: 85 * 60 + 20,
  bytesIn: 1_048_576,
  bytesOut: 2048,
  ...overrides,
});

describe("a machine's access history as CSV", () => {
  it('is written for a pt-BR spreadsheet: `;`, dates dd/mm/aaaa hh:mm, numbers as numbers', () => {
    const csv = toCsv([entry({}), entry({ id: 'access-2', userName: '=cmd', endedAt: null, durationSeconds: 90 })], ACCESS_CSV_COLUMNS);
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Usuário;E-mail;IP público;Início;Fim;Duração (min);Recebido (bytes);Enviado (bytes)',
      'Ana Souza;ana@example.com;200.10.20.30;02/11/2026 14:05;02/11/2026 15:30;85;1048576;2048',
      "'=cmd;ana@example.com;200.10.20.30;02/11/2026 14:05;Em andamento;2;1048576;2048",
      '',
    ]);
  });
});
