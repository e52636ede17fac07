import { describe, expect, it } from 'vitest';
import { firstIssue } from '../common';
import {
  duplicatePortIndexes,
  machineModelInputSchema,
  machineModelInUseMessage,
  machineModelListQuery,
  PORT_MESSAGES,
  portProblem,
  SERVICE_PROTOCOL_IDS,
  SERVICE_PROTOCOLS,
} from '../machine-model';

const valid = {
  name: '  Injetora IH-600 ',
  manufacturer: 'Oliveira Automação',
  category: 'Injeção plástica',
  description: '',
  services: [
    { name: 'IHM web', protocol: 'https', port: '443' },
    { name: 'CLP S7', protocol: 's7', port: 102 },
  ],
};

function issues(input: unknown): Array<[string, string]> {
  const result = machineModelInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('machine model contract', () => {
  it('has a label and the usual port of every protocol', () => {
    expect(SERVICE_PROTOCOL_IDS).toEqual(['http', 'https', 'vnc', 'rdp', 'ssh', 'modbus-tcp', 's7']);
    expect(Object.fromEntries(SERVICE_PROTOCOL_IDS.map((id) => [id, SERVICE_PROTOCOLS[id].defaultPort]))).toEqual({
      http: 80,
      https: 443,
      vnc: 5900,
      rdp: 3389,
      ssh: 22,
      'modbus-tcp': 502,
      s7: 102,
    });
    for (const id of SERVICE_PROTOCOL_IDS) expect(SERVICE_PROTOCOLS[id].label).not.toBe('');
  });

  it('parses a valid model: trimmed, ports as numbers, optional texts default to empty', () => {
    const parsed = machineModelInputSchema.parse({ name: valid.name, services: valid.services });
    expect(parsed).toEqual({
      name: 'Injetora IH-600',
      manufacturer: '',
      category: '',
      description: '',
      services: [
        { name: 'IHM web', protocol: 'https', port: 443 },
        { name: 'CLP S7', protocol: 's7', port: 102 },
      ],
    });
    expect(machineModelInputSchema.parse({ name: 'Sem serviços' }).services).toEqual([]);
  });

  it('refuses a missing name, a long name or description, with the field', () => {
    expect(issues({ ...valid, name: '   ' })).toEqual([['name', 'Informe o nome do modelo.']]);
    expect(issues({ ...valid, name: 'A'.repeat(121) })).toEqual([['name', 'Use no máximo 120 caracteres.']]);
    expect(issues({ ...valid, description: 'x'.repeat(1001) })).toEqual([['description', 'Use no máximo 1000 caracteres.']]);
    expect(issues({ ...valid, description: 'x'.repeat(1000) })).toEqual([]);
  });

  it('accepts ports 1 and 65535; refuses 0, 65536, letters, decimals and empty with a clear message', () => {
    const withPort = (port: unknown) => ({ ...valid, services: [{ name: 'IHM', protocol: 'http', port }] });
    expect(issues(withPort('1'))).toEqual([]);
    expect(issues(withPort(65535))).toEqual([]);
    expect(issues(withPort('0'))).toEqual([['services.0.port', PORT_MESSAGES.range]]);
    expect(issues(withPort('65536'))).toEqual([['services.0.port', PORT_MESSAGES.range]]);
    expect(issues(withPort(70000))).toEqual([['services.0.port', PORT_MESSAGES.range]]);
    expect(issues(withPort('80a'))).toEqual([['services.0.port', PORT_MESSAGES.notInteger]]);
    expect(issues(withPort('abc'))).toEqual([['services.0.port', PORT_MESSAGES.notInteger]]);
    expect(issues(withPort(80.5))).toEqual([['services.0.port', PORT_MESSAGES.notInteger]]);
    expect(issues(withPort('-1'))).toEqual([['services.0.port', PORT_MESSAGES.notInteger]]);
    expect(issues(withPort(''))).toEqual([['services.0.port', PORT_MESSAGES.empty]]);
    expect(issues(withPort(null))).toEqual([['services.0.port', PORT_MESSAGES.empty]]);
    expect(portProblem(' 502 ')).toBeNull();
  });

  it('requires the service name and a known protocol', () => {
    expect(issues({ ...valid, services: [{ name: '', protocol: 'telnet', port: 23 }] })).toEqual([
      ['services.0.name', 'Informe o nome do serviço.'],
      ['services.0.protocol', 'Escolha o protocolo.'],
    ]);
    expect(issues({ ...valid, services: [{ name: 'IHM', protocol: '', port: 80 }] })).toEqual([
      ['services.0.protocol', 'Escolha o protocolo.'],
    ]);
  });

  it('refuses a port used twice on the second service, even while other fields are wrong', () => {
    const services = [
      { name: 'IHM', protocol: 'http', port: '80' },
      { name: 'Supervisório', protocol: 'http', port: 80 },
      { name: 'SSH', protocol: 'ssh', port: '22' },
      { name: 'Outro', protocol: 'https', port: ' 80 ' },
    ];
    expect(duplicatePortIndexes(services)).toEqual([1, 3]);
    expect(issues({ ...valid, services })).toEqual([
      ['services.1.port', PORT_MESSAGES.duplicate],
      ['services.3.port', PORT_MESSAGES.duplicate],
    ]);
    expect(issues({ ...valid, name: '', services: services.slice(0, 2) })).toEqual([
      ['name', 'Informe o nome do modelo.'],
      ['services.1.port', PORT_MESSAGES.duplicate],
    ]);
    // The backend's 400 names the first problem's field.
    const result = machineModelInputSchema.safeParse({ ...valid, services: services.slice(0, 2) });
    expect(result.success ? null : firstIssue(result.error)).toEqual({ message: PORT_MESSAGES.duplicate, field: 'services.1.port' });
  });

  it('parses list queries with safe fallbacks', () => {
    const query = machineModelListQuery.parse(new URLSearchParams('sort=-manufacturer&category=Envase&page=2&q=%20ih%20'));
    expect(query).toEqual({ page: 2, perPage: 20, q: 'ih', sort: '-manufacturer', filters: { category: 'Envase' } });
    expect(machineModelListQuery.parse(new URLSearchParams('sort=serial&perPage=7')).sort).toBe('name');
    expect(machineModelListQuery.toParams(machineModelListQuery.parse(new URLSearchParams('perPage=100&sort=name'))).toString()).toBe(
      'perPage=100',
    );
  });

  it('says how many machines keep a model from being deleted', () => {
    expect(machineModelInUseMessage(12)).toMatch(/^Este modelo não pode ser excluído: 12 máquinas o usam\./);
    expect(machineModelInUseMessage(1)).toMatch(/^Este modelo não pode ser excluído: 1 máquina o usa\./);
  });
});
