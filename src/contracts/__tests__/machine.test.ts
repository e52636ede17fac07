import { describe, expect, it } from 'vitest';
import { PORT_MESSAGES } from '../machine-model';
import { LAN_MESSAGES } from '../tunnel';
import {
  accessListQuery,
  accessPeriod,
  machineInputSchema,
  machineListQuery,
  DUPLICATE_MACHINE_PORT_MESSAGE,
  SERIAL_NUMBER_SPACES_MESSAGE,
} from '../machine';

const valid = {
  name: 'IH-450 #07',
  serialNumber: 'OA-2026-0007',
  modelId: 'machine-model-1001',
  customerId: 'customer-1001',
  deviceId: '',
  site: 'Galpão 1',
  lanSubnet: '192.168.10.0/24',
  services: [{ name: 'IHM web', protocol: 'https', port: '443' }],
};

function problem(values: object): { path: string; message: string } | null {
  const result = machineInputSchema.safeParse({ ...valid, ...values });
  if (result.success) return null;
  const issue = result.error.issues[0];
  return issue ? { path: issue.path.join('.'), message: issue.message } : null;
}

describe('machineInputSchema', () => {
  it('normalises: ports become numbers, an empty gateway null, text trimmed', () => {
    const parsed = machineInputSchema.parse({ ...valid, name: '  IH-450 #07 ', deviceId: '' });
    expect(parsed).toMatchObject({ name: 'IH-450 #07', deviceId: null, services: [{ port: 443 }] });
    expect(machineInputSchema.parse({ ...valid, deviceId: 'device-1001' }).deviceId).toBe('device-1001');
    expect(machineInputSchema.parse({ ...valid, deviceId: null }).deviceId).toBeNull();
    expect(machineInputSchema.parse({ ...valid, lanSubnet: '', services: undefined })).toMatchObject({ lanSubnet: '', services: [] });
  });

  it('requires name, model and customer', () => {
    expect(problem({ name: '  ' })).toEqual({ path: 'name', message: 'Informe o nome da máquina.' });
    expect(problem({ modelId: '' })).toEqual({ path: 'modelId', message: 'Escolha o modelo.' });
    expect(problem({ customerId: '' })).toEqual({ path: 'customerId', message: 'Escolha o cliente.' });
  });

  it('refuses a serial number with spaces (but trims the ends)', () => {
    expect(problem({ serialNumber: 'OA 2026' })).toEqual({ path: 'serialNumber', message: SERIAL_NUMBER_SPACES_MESSAGE });
    expect(problem({ serialNumber: 'OA-2026\t1' })?.message).toBe(SERIAL_NUMBER_SPACES_MESSAGE);
    expect(problem({ serialNumber: ' OA-2026 ' })).toBeNull();
    expect(problem({ serialNumber: '' })).toBeNull();
  });

  it.each(['10.0.0.0/33', '10.0.0.1/24', 'abc', '256.0.0.0/8', '10.0.0.0', '10.0.0.0/-1'])('refuses the network %s', (cidr) => {
    expect(problem({ lanSubnet: cidr })).toEqual({ path: 'lanSubnet', message: 'Rede inválida.' });
  });

  it.each(['10.20.0.0/16', '192.168.1.0/24', '192.168.0.0/16', '10.1.2.4/30', ' 172.16.0.0/24 ', '172.31.255.0/24'])('accepts the network %s', (cidr) => {
    expect(problem({ lanSubnet: cidr })).toBeNull();
  });

  it.each([
    ['0.0.0.0/0', LAN_MESSAGES.notPrivate],
    ['8.8.8.0/24', LAN_MESSAGES.notPrivate],
    ['172.32.0.0/24', LAN_MESSAGES.notPrivate],
    ['192.169.0.0/24', LAN_MESSAGES.notPrivate],
    ['192.0.0.0/8', LAN_MESSAGES.notPrivate],
    ['10.0.0.0/8', LAN_MESSAGES.size],
    ['172.16.0.0/12', LAN_MESSAGES.size],
    ['10.1.2.2/31', LAN_MESSAGES.size],
    ['10.1.2.3/32', LAN_MESSAGES.size],
  ])('refuses the LAN %s with the reason', (cidr, message) => {
    expect(problem({ lanSubnet: cidr })).toEqual({ path: 'lanSubnet', message });
  });

  it('says the reasons in Portuguese', () => {
    expect(LAN_MESSAGES.notPrivate).toBe('A rede da máquina precisa ser privada (10.0.0.0/8, 172.16.0.0/12 ou 192.168.0.0/16).');
    expect(LAN_MESSAGES.size).toBe('Use uma rede entre /16 e /30.');
  });

  it.each([
    ['0', PORT_MESSAGES.range],
    ['65536', PORT_MESSAGES.range],
    ['123456', PORT_MESSAGES.range],
    ['-1', PORT_MESSAGES.notInteger],
    ['8.5', PORT_MESSAGES.notInteger],
    ['http', PORT_MESSAGES.notInteger],
    ['', PORT_MESSAGES.empty],
  ])('refuses the port %s', (port, message) => {
    expect(problem({ services: [{ name: 'X', protocol: 'ssh', port }] })).toEqual({ path: 'services.0.port', message });
  });

  it('accepts ports 1 and 65535, as text or number; a port used twice is refused', () => {
    expect(problem({ services: [{ name: 'A', protocol: 'ssh', port: 1 }, { name: 'B', protocol: 'ssh', port: '65535' }] })).toBeNull();
    expect(problem({ services: [{ name: 'A', protocol: 'ssh', port: 22 }, { name: 'B', protocol: 'http', port: '22' }] })).toEqual({
      path: 'services.1.port',
      message: DUPLICATE_MACHINE_PORT_MESSAGE,
    });
    expect(problem({ services: [{ name: 'A', protocol: 'ftp', port: 21 }] })).toEqual({ path: 'services.0.protocol', message: 'Escolha o protocolo.' });
    expect(problem({ services: [{ name: ' ', protocol: 'vnc', port: 5900 }] })?.path).toBe('services.0.name');
  });
});

describe('list queries', () => {
  it('filters machines by any customer or model id', () => {
    const query = machineListQuery.parse(new URLSearchParams('customer=customer-1001&model=machine-model-1002&sort=-customerName'));
    expect(query.filters).toEqual({ customer: 'customer-1001', model: 'machine-model-1002' });
    expect(query.sort).toBe('-customerName');
  });

  it('reads the access period: days 7/30/90 or from/to dates', () => {
    const now = Date.UTC(2026, 10, 22, 15);
    const days = accessListQuery.parse(new URLSearchParams('days=7'));
    expect(accessPeriod(days, now)).toEqual({ start: now - 7 * 86_400_000, end: null });
    expect(accessListQuery.parse(new URLSearchParams('days=12')).filters).toEqual({});
    const range = accessListQuery.parse(new URLSearchParams('from=2026-11-01&to=2026-11-10'));
    expect(accessPeriod(range, now)).toEqual({ start: Date.UTC(2026, 10, 1), end: Date.UTC(2026, 10, 11) - 1 });
    expect(accessPeriod(accessListQuery.parse(new URLSearchParams('from=ontem')), now)).toEqual({ start: null, end: null });
    expect(accessListQuery.parse(new URLSearchParams()).sort).toBe('-startedAt');
  });
});
