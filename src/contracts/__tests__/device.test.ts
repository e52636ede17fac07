import { describe, expect, it } from 'vitest';
import {
  claimDeviceSchema,
  DEVICE_STATUS_LABELS,
  deviceFileBaseName,
  deviceListQuery,
  isSetupCode,
  newSetupCode,
  SETUP_CODE_BITS,
  SETUP_CODE_MESSAGES,
  setupCodeField,
} from '../device';

const problem = (value: unknown) => {
  const result = setupCodeField.safeParse(value);
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe('setup codes', () => {
  it('accepts PNT- and three groups of four Crockford characters, in any case, and stores them upper-case', () => {
    expect(setupCodeField.parse('PNT-7K2M-4Q9X-3FJD')).toBe('PNT-7K2M-4Q9X-3FJD');
    expect(setupCodeField.parse('pnt-h3vd-8rwa-6pce')).toBe('PNT-H3VD-8RWA-6PCE');
    expect(setupCodeField.parse('  Pnt-5zbe-K6tn-9m1S \n')).toBe('PNT-5ZBE-K6TN-9M1S');
    expect(setupCodeField.parse('PNT-0000-0000-0000')).toBe('PNT-0000-0000-0000');
    expect(claimDeviceSchema.parse({ code: 'pnt-7k2m-4q9x-3fjd' })).toEqual({ code: 'PNT-7K2M-4Q9X-3FJD' });
    expect(isSetupCode('pnt-7k2m-4q9x-3fjd')).toBe(true);
  });

  it('says "Código inválido." for anything else, once', () => {
    for (const code of [
      'PNT-0000-0000-000', // a character short
      'PNT-0000-0000-00000',
      'PNT-7K2M-4Q9X', // the old two groups (40 bits)
      'PNT-ABCI-1234-5678', // I
      'PNT-L234-1234-5678', // L
      'PNT-O234-1234-5678', // O
      'PNT-U234-1234-5678', // U
      'PNT000012345678',
      'PNT-0000 0000-0000',
      'ABC-1234-5678-9ABC',
      'PNT-12_4-5678-9ABC',
    ]) {
      expect(problem(code), code).toEqual([SETUP_CODE_MESSAGES.invalid]);
      expect(isSetupCode(code), code).toBe(false);
    }
  });

  it('draws new codes of 60 bits in that form', () => {
    const codes = Array.from({ length: 200 }, () => newSetupCode());
    expect(new Set(codes).size).toBe(200);
    for (const code of codes) expect(isSetupCode(code), code).toBe(true);
    expect(SETUP_CODE_BITS).toBe(60);
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
