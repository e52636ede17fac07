// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ConfigError, parseCli, requireApi, resolveConfig } from '../config';
import { checkCommands, missingCommandsMessage } from '../system';

describe('resolveConfig', () => {
  it('applies the defaults', () => {
    expect(resolveConfig({}, {})).toEqual({
      apiUrl: null,
      hubId: null,
      token: null,
      tokenFile: null,
      interface: 'ponte0',
      listenPort: null,
      stateDir: '/var/lib/ponte-hub',
      pollIntervalMs: 2000,
      reportIntervalMs: 10000,
      requestTimeoutMs: 5000,
      netns: null,
      implementation: 'auto',
    });
  });

  it('lets the environment win over the file', () => {
    const config = resolveConfig(
      { apiUrl: 'http://10.0.0.1:8788/', hubId: 'hub-a', token: 'file-token', pollIntervalMs: 3000 },
      { PONTE_HUB_API_URL: 'http://127.0.0.1:8788', PONTE_HUB_TOKEN: 'env-token', PONTE_HUB_NETNS: 'hubtest-a', PONTE_HUB_POLL_MS: '500', WG_IMPLEMENTATION: 'wireguard-go' },
    );
    expect(config).toMatchObject({
      apiUrl: 'http://127.0.0.1:8788',
      hubId: 'hub-a',
      token: 'env-token',
      netns: 'hubtest-a',
      pollIntervalMs: 500,
      implementation: 'wireguard-go',
    });
    expect(requireApi(config)).toEqual({ apiUrl: 'http://127.0.0.1:8788', hubId: 'hub-a', token: 'env-token' });
  });

  it('refuses bad values with one pt-BR sentence', () => {
    expect(() => resolveConfig({ pollIntervalMs: 10000 }, {})).toThrow(
      new ConfigError('Configuração inválida em pollIntervalMs: pollIntervalMs deve ser no máximo 5000.'),
    );
    expect(() => resolveConfig({}, { PONTE_HUB_INTERFACE: 'an-interface-name-too-long' })).toThrow(
      new ConfigError('Configuração inválida em interface: interface: use até 15 letras, dígitos, ".", "_" ou "-".'),
    );
    expect(() => resolveConfig({ colour: 'blue' }, {})).toThrow(new ConfigError('Configuração inválida: chave desconhecida (colour).'));
    expect(() => requireApi(resolveConfig({}, {}))).toThrow(
      new ConfigError(
        'Configuração incompleta: informe apiUrl, hubId e token (no arquivo --config ou em PONTE_HUB_API_URL, PONTE_HUB_ID e PONTE_HUB_TOKEN).',
      ),
    );
  });
});

describe('parseCli', () => {
  it('reads the flags', () => {
    expect(parseCli(['--dry-run', '--state-file', 's.json', '--config', '/etc/ponte-hub/hub.json'])).toEqual({
      help: false,
      dryRun: true,
      configPath: '/etc/ponte-hub/hub.json',
      stateFile: 's.json',
    });
    expect(() => parseCli(['--bogus'])).toThrow(ConfigError);
  });
});

describe('missing commands', () => {
  it('names what to install in one pt-BR line', async () => {
    const has = async (command: string) => command === 'ip';
    const { missing, warnings } = await checkCommands(has);
    expect(missingCommandsMessage(missing)).toBe(
      'Comandos ausentes: wg, nft. Instale os pacotes wireguard-tools, nftables (ex.: apt-get install wireguard-tools nftables).',
    );
    expect(warnings).toEqual([
      'Comando ausente: conntrack (pacote conntrack). Sem ele o hub não corta as conexões abertas de uma sessão encerrada (apt-get install conntrack).',
    ]);
    expect(missingCommandsMessage(['nft'])).toBe('Comando ausente: nft. Instale o pacote nftables (ex.: apt-get install nftables).');
    expect(missingCommandsMessage([])).toBeNull();
  });
});
