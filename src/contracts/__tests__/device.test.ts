import { describe, expect, it } from 'vitest';
import {
  claimDeviceSchema,
  DEVICE_STATUS_LABELS,
  deviceFileBaseName,
  deviceListQuery,
  isSetupCode,
  SETUP_CODE_MESSAGES,
  setupCodeField,
} from '../device';

const problem = (value: unknown) => {
  const result = setupCodeField.safeParse(value);
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe('setup codes', () => {
  it('accepts PNT- and two groups of four Crockford characters, in any case, and stores them upper-case', () => {
    expect(setupCodeField.parse('PNT-7K2M-4Q9X')).toBe('PNT-7K2M-4Q9X');
    expect(setupCodeField.parse('pnt-h3vd-8rwa')).toBe('PNT-H3VD-8RWA');
    expect(setupCodeField.parse('  Pnt-5zbe-K6tn \n')).toBe('PNT-5ZBE-K6TN');
    expect(setupCodeField.parse('PNT-0000-0000')).toBe('PNT-0000-0000');
    expect(claimDeviceSchema.parse({ code: 'pnt-7k2m-4q9x' })).toEqual({ code: 'PNT-7K2M-4Q9X' });
    expect(isSetupCode('pnt-7k2m-4q9x')).toBe(true);
  });

  it('says "Código inválido." for anything else, once', () => {
    for (const code of [
      'PNT-0000-000', // a character short
      'PNT-0000-00000',
      'PNT-ABCI-1234', // I
      'PNT-L234-1234', // L
      'PNT-O234-1234', // O
      'PNT-U234-1234', // U
      'PNT00001234',
      'PNT-0000 0000',
      'ABC-1234-5678',
      'PNT-12_4-5678',
    ]) {
      expect(problem(code), code).toEqual([SETUP_CODE_MESSAGES.invalid]);
      expect(isSetupCode(code), code).toBe(false);
    }
  });

  it('asks for the code when it is empty', () => {
    expect(problem('')).toEqual([SETUP_CODE_MESSAGES.empty]);
    expect(problem('   ')).toEqual([SETUP_CODE_MESSAGES.empty]);
    expect(problem(undefined)).toEqual([SETUP_CODE_MESSAGES.empty]);
  });
});

describe('device contract', () => {
  it('labels every status as screens.md says', () => {
    expect(DEVICE_STATUS_LABELS).toEqual({ online: 'Online', offline: 'Offline', 'never-connected': 'Nunca conectado' });
  });

  it('parses the list query: status filter and sorts, bad values fall back', () => {
    const query = deviceListQuery.parse(new URLSearchParams('status=offline&sort=-lastSeenAt&q=PNT-7K2M'));
    expect(query).toMatchObject({ filters: { status: 'offline' }, sort: '-lastSeenAt', q: 'PNT-7K2M' });
    const bad = deviceListQuery.parse(new URLSearchParams('status=broken&sort=ownerUid'));
    expect(bad).toMatchObject({ filters: {}, sort: 'name' });
  });

  it('makes a file name of a device name', () => {
    expect(deviceFileBaseName('Gateway Injetora IH-450 #01')).toBe('gateway-injetora-ih-450-01');
    expect(deviceFileBaseName('Gateway Ação Térmica')).toBe('gateway-acao-termica');
    expect(deviceFileBaseName('🚜 /// ')).toBe('dispositivo');
  });
});
