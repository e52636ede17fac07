import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cidrsOverlap } from '../validators/fields';
import {
  calendarDaysUntil,
  endOfLocalDay,
  normalizeCidr,
  overlappingNetwork,
  toDateInput,
  VPN_EXPIRY_PAST,
  VPN_EXPIRY_REQUIRED,
  VPN_NETWORK_INVALID,
  vpnExpiringSoonLabel,
  vpnRouteInputSchema,
  vpnRouteListQuery,
  vpnUserConfigFileName,
  vpnUserExpiredMessage,
  vpnUserFormSchema,
  vpnUserInputSchema,
  vpnUserListQuery,
  vpnUserStatus,
} from '../vpn';

const NOW = new Date(2026, 10, 22, 15, 0, 0).getTime();
const DAY = 86_400_000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

function messages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('CIDR overlap', () => {
  it.each([
    ['contained', '10.1.0.0/16', '10.0.0.0/8', true],
    ['containing', '10.0.0.0/8', '10.1.0.0/16', true],
    ['equal', '192.168.10.0/24', '192.168.10.0/24', true],
    ['disjoint', '192.168.10.0/24', '172.16.0.0/12', false],
    ['adjacent', '192.168.10.0/24', '192.168.11.0/24', false],
    ['adjacent halves', '10.0.0.0/9', '10.128.0.0/9', false],
    ['a host inside a network', '192.168.10.7/32', '192.168.10.0/24', true],
  ])('%s: %s vs %s → %s', (_case, a, b, expected) => {
    expect(cidrsOverlap(a, b)).toBe(expected);
    expect(cidrsOverlap(b, a)).toBe(expected);
    expect(overlappingNetwork(a, ['172.31.0.0/16', b])).toBe(expected ? b : null);
  });

  it('ignores invalid networks on either side and says which one overlaps', () => {
    expect(overlappingNetwork('10.0.0.1/8', ['10.0.0.0/8'])).toBeNull();
    expect(overlappingNetwork('10.0.0.0/8', ['lixo', '10.200.0.0/16'])).toBe('10.200.0.0/16');
    expect(overlappingNetwork('10.0.0.0/8', [])).toBeNull();
  });
});

describe('VPN route input', () => {
  it('accepts a valid CIDR, normalised, and refuses malformed ones or host bits with "Rede inválida."', () => {
    const ok = vpnRouteInputSchema.parse({ nodeId: 'vpn-node-1001', network: ' 010.1.0.0/16 ', description: ' Linha 2 ' });
    expect(ok).toEqual({ nodeId: 'vpn-node-1001', network: '10.1.0.0/16', description: 'Linha 2' });
    for (const bad of ['10.0.0.1/8', '10.0.0.0/33', '256.0.0.0/8', '10.0.0/8', 'abc', '10.0.0.0']) {
      expect(messages(vpnRouteInputSchema.safeParse({ nodeId: 'vpn-node-1001', network: bad }))).toEqual({
        network: VPN_NETWORK_INVALID,
      });
    }
    expect(messages(vpnRouteInputSchema.safeParse({ nodeId: '', network: '' }))).toEqual({
      nodeId: 'Escolha o nó.',
      network: 'Informe a rede (CIDR), ex.: 192.168.10.0/24.',
    });
    expect(normalizeCidr('192.168.001.000/024')).toBe('192.168.1.0/24');
  });

  it('lists by node and status from the URL', () => {
    const query = vpnRouteListQuery.parse(new URLSearchParams('node=vpn-node-1001&status=desativada&sort=-network'));
    expect(query.filters).toEqual({ node: 'vpn-node-1001', status: 'desativada' });
    expect(query.sort).toBe('-network');
    expect(vpnRouteListQuery.parse(new URLSearchParams('status=talvez')).filters).toEqual({});
  });
});

describe('VPN user input (API)', () => {
  const valid = { name: ' Ana Lima ', email: 'Ana@Exemplo.com.br', expiresAt: new Date(NOW + 5 * DAY).toISOString(), machineIds: ['m-1', 'm-1', 'm-2'] };

  it('normalises name, e-mail and machines; null expiry means none', () => {
    expect(vpnUserInputSchema.parse(valid)).toEqual({
      name: 'Ana Lima',
      email: 'ana@exemplo.com.br',
      expiresAt: new Date(NOW + 5 * DAY).toISOString(),
      machineIds: ['m-1', 'm-2'],
    });
    expect(vpnUserInputSchema.parse({ ...valid, expiresAt: null }).expiresAt).toBeNull();
  });

  it('requires the expiry (time-bound by default), refuses a past one and a malformed e-mail', () => {
    const { expiresAt: _left, ...withoutExpiry } = valid;
    expect(messages(vpnUserInputSchema.safeParse(withoutExpiry))).toEqual({ expiresAt: VPN_EXPIRY_REQUIRED });
    expect(messages(vpnUserInputSchema.safeParse({ ...valid, expiresAt: new Date(NOW - DAY).toISOString() }))).toEqual({
      expiresAt: VPN_EXPIRY_PAST,
    });
    expect(messages(vpnUserInputSchema.safeParse({ ...valid, expiresAt: 'amanhã' }))).toEqual({ expiresAt: 'Data de expiração inválida.' });
    expect(messages(vpnUserInputSchema.safeParse({ ...valid, email: 'ana@exemplo' }))).toEqual({
      email: 'E-mail inválido. Use o formato nome@empresa.com.br.',
    });
    expect(messages(vpnUserInputSchema.safeParse({ ...valid, name: ' ', email: '' }))).toEqual({
      name: 'Informe o nome.',
      email: 'Informe o e-mail.',
    });
  });
});

describe('VPN user form', () => {
  const base = { name: 'Ana Lima', email: 'ana@exemplo.com.br', expiresAt: '', noExpiry: false, machineIds: [] };

  it('"Expira em" is required unless "Sem expiração"; its output is the end of that day', () => {
    expect(messages(vpnUserFormSchema.safeParse(base))).toEqual({ expiresAt: VPN_EXPIRY_REQUIRED });
    expect(vpnUserFormSchema.parse({ ...base, noExpiry: true, expiresAt: '2020-01-01' }).expiresAt).toBeNull();
    const today = toDateInput(new Date(NOW));
    expect(vpnUserFormSchema.parse({ ...base, expiresAt: today }).expiresAt).toBe(new Date(2026, 10, 22, 23, 59, 59, 999).toISOString());
    expect(messages(vpnUserFormSchema.safeParse({ ...base, expiresAt: '2026-11-21' }))).toEqual({ expiresAt: VPN_EXPIRY_PAST });
    expect(messages(vpnUserFormSchema.safeParse({ ...base, expiresAt: '2026-02-30' }))).toEqual({ expiresAt: 'Data de expiração inválida.' });
  });

  it('says every problem at once (name, e-mail and expiry)', () => {
    expect(messages(vpnUserFormSchema.safeParse({ ...base, name: '', email: 'x@' }))).toEqual({
      name: 'Informe o nome.',
      email: 'E-mail inválido. Use o formato nome@empresa.com.br.',
      expiresAt: VPN_EXPIRY_REQUIRED,
    });
  });

  it('reads local dates', () => {
    expect(endOfLocalDay('2026-12-31')?.getDate()).toBe(31);
    expect(endOfLocalDay('31/12/2026')).toBeNull();
    expect(toDateInput(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});

describe('VPN user status and expiry', () => {
  it('disabled wins over expired; an expiry in the past is expired', () => {
    expect(vpnUserStatus({ enabled: true, expiresAt: null }, NOW)).toBe('ativo');
    expect(vpnUserStatus({ enabled: true, expiresAt: NOW + 1 }, NOW)).toBe('ativo');
    expect(vpnUserStatus({ enabled: true, expiresAt: NOW }, NOW)).toBe('expirado');
    expect(vpnUserStatus({ enabled: false, expiresAt: NOW - DAY }, NOW)).toBe('desativado');
  });

  it('"Expira em N dias" within 7 days, by calendar day', () => {
    const at = (days: number, hour = 23) => new Date(2026, 10, 22 + days, hour, 59);
    expect(vpnExpiringSoonLabel({ enabled: true, expiresAt: at(0) }, NOW)).toBe('Expira hoje');
    expect(vpnExpiringSoonLabel({ enabled: true, expiresAt: at(1) }, NOW)).toBe('Expira em 1 dia');
    expect(vpnExpiringSoonLabel({ enabled: true, expiresAt: at(5) }, NOW)).toBe('Expira em 5 dias');
    expect(vpnExpiringSoonLabel({ enabled: true, expiresAt: at(7, 10) }, NOW)).toBe('Expira em 7 dias');
    expect(vpnExpiringSoonLabel({ enabled: true, expiresAt: at(8) }, NOW)).toBeNull();
    expect(vpnExpiringSoonLabel({ enabled: false, expiresAt: at(3) }, NOW)).toBeNull();
    expect(vpnExpiringSoonLabel({ enabled: true, expiresAt: new Date(NOW - DAY) }, NOW)).toBeNull();
    expect(vpnExpiringSoonLabel({ enabled: true, expiresAt: null }, NOW)).toBeNull();
    expect(calendarDaysUntil(at(-2), NOW)).toBe(-2);
  });

  it('the refusal and file name texts', () => {
    expect(vpnUserExpiredMessage('19/11/2026')).toBe('Acesso expirado em 19/11/2026. Renove a validade para baixar a configuração.');
    expect(vpnUserConfigFileName('Técnico terceirizado — Automax')).toBe('vpn-tecnico-terceirizado-automax.conf');
    expect(vpnUserListQuery.parse(new URLSearchParams('status=expirado')).filters).toEqual({ status: 'expirado' });
  });
});
