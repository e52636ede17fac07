/**
 * The hub's configuration: a JSON file (`--config`, or PONTE_HUB_CONFIG) and environment variables, the variables
 * winning. Errors are one pt-BR sentence.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { HUB_POLL_INTERVAL_MS, HUB_REPORT_INTERVAL_MS } from '@/contracts/hub';

export const DEFAULTS = {
  interface: 'ponte0',
  stateDir: '/var/lib/ponte-hub',
  pollIntervalMs: 2_000,
  reportIntervalMs: 10_000,
  requestTimeoutMs: 5_000,
  listenPort: 51820,
} as const;

/** Environment variable → config key. */
export const ENV_KEYS = {
  PONTE_HUB_API_URL: 'apiUrl',
  PONTE_HUB_ID: 'hubId',
  PONTE_HUB_TOKEN: 'token',
  PONTE_HUB_TOKEN_FILE: 'tokenFile',
  PONTE_HUB_INTERFACE: 'interface',
  PONTE_HUB_LISTEN_PORT: 'listenPort',
  PONTE_HUB_STATE_DIR: 'stateDir',
  PONTE_HUB_POLL_MS: 'pollIntervalMs',
  PONTE_HUB_REPORT_MS: 'reportIntervalMs',
  PONTE_HUB_REQUEST_TIMEOUT_MS: 'requestTimeoutMs',
  PONTE_HUB_NETNS: 'netns',
  WG_IMPLEMENTATION: 'implementation',
} as const;
const NUMERIC = new Set(['listenPort', 'pollIntervalMs', 'reportIntervalMs', 'requestTimeoutMs']);

const name = (max: number, what: string) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9_.-]{1,${max}}$`), `${what}: use até ${max} letras, dígitos, ".", "_" ou "-".`);
const ms = (key: string, min: number, max: number) =>
  z
    .number({ error: `${key} deve ser um número (ms).` })
    .int(`${key} deve ser um número inteiro (ms).`)
    .min(min, `${key} deve ser no mínimo ${min}.`)
    .max(max, `${key} deve ser no máximo ${max}.`);

export const hubConfigSchema = z.object({
  apiUrl: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, 'apiUrl deve ser uma URL http(s), por exemplo http://127.0.0.1:8788.')
    .transform((url) => url.replace(/\/+$/, ''))
    .nullable()
    .default(null),
  hubId: z.string().min(1).max(200).nullable().default(null),
  token: z.string().min(1).max(1000).nullable().default(null),
  tokenFile: z.string().min(1).nullable().default(null),
  interface: name(15, 'interface').default(DEFAULTS.interface),
  /** null: the state's (the hub record's) port. */
  listenPort: z.number().int().min(1, 'listenPort deve estar entre 1 e 65535.').max(65535, 'listenPort deve estar entre 1 e 65535.').nullable().default(null),
  stateDir: z.string().min(1).default(DEFAULTS.stateDir),
  pollIntervalMs: ms('pollIntervalMs', 100, HUB_POLL_INTERVAL_MS).default(DEFAULTS.pollIntervalMs),
  reportIntervalMs: ms('reportIntervalMs', 500, HUB_REPORT_INTERVAL_MS).default(DEFAULTS.reportIntervalMs),
  requestTimeoutMs: ms('requestTimeoutMs', 200, 30_000).default(DEFAULTS.requestTimeoutMs),
  netns: name(64, 'netns').nullable().default(null),
  implementation: z
    .enum(['auto', 'kernel', 'wireguard-go'], { error: 'implementation (WG_IMPLEMENTATION) deve ser auto, kernel ou wireguard-go.' })
    .default('auto'),
});
export type HubConfig = z.infer<typeof hubConfigSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface CliArgs {
  help: boolean;
  dryRun: boolean;
  configPath: string | null;
  stateFile: string | null;
}

export function parseCli(argv: readonly string[]): CliArgs {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        help: { type: 'boolean', short: 'h' },
        'dry-run': { type: 'boolean' },
        config: { type: 'string' },
        'state-file': { type: 'string' },
      },
      strict: true,
    });
    return {
      help: values.help === true,
      dryRun: values['dry-run'] === true,
      configPath: values.config ?? null,
      stateFile: values['state-file'] ?? null,
    };
  } catch (error) {
    throw new ConfigError(`Argumento inválido: ${error instanceof Error ? error.message : String(error)} (veja --help).`);
  }
}

/** Merges the file's object and the environment, then validates. */
export function resolveConfig(file: Record<string, unknown>, env: Record<string, string | undefined>): HubConfig {
  const merged: Record<string, unknown> = { ...file };
  for (const [variable, key] of Object.entries(ENV_KEYS)) {
    const value = env[variable];
    if (value === undefined || value === '') continue;
    merged[key] = NUMERIC.has(key) ? Number(value) : value;
  }
  const parsed = hubConfigSchema.strict().safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    const message = issue?.code === 'unrecognized_keys' ? `chave desconhecida (${issue.keys.join(', ')})` : issue?.message;
    throw new ConfigError(`Configuração inválida${where ? ` em ${where}` : ''}: ${message ?? 'valor inválido'}.`.replace('..', '.'));
  }
  return parsed.data;
}

/** Reads `--config` / PONTE_HUB_CONFIG (if any), the environment and the token file. */
export async function loadConfig(args: CliArgs, env: Record<string, string | undefined>): Promise<HubConfig> {
  const path = args.configPath ?? env.PONTE_HUB_CONFIG ?? null;
  let file: Record<string, unknown> = {};
  if (path) {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      throw new ConfigError(`Não foi possível ler o arquivo de configuração ${path}.`);
    }
    try {
      const json: unknown = JSON.parse(text);
      if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('not an object');
      file = json as Record<string, unknown>;
    } catch {
      throw new ConfigError(`O arquivo de configuração ${path} não é um objeto JSON válido.`);
    }
  }
  const config = resolveConfig(file, env);
  if (!config.token && config.tokenFile) {
    try {
      config.token = (await readFile(config.tokenFile, 'utf8')).trim() || null;
    } catch {
      throw new ConfigError(`Não foi possível ler a credencial em ${config.tokenFile}.`);
    }
  }
  return config;
}

/** The API settings a running hub needs (not a dry run from a file). */
export function requireApi(config: HubConfig): { apiUrl: string; hubId: string; token: string } {
  if (!config.apiUrl || !config.hubId || !config.token)
    throw new ConfigError(
      'Configuração incompleta: informe apiUrl, hubId e token (no arquivo --config ou em PONTE_HUB_API_URL, PONTE_HUB_ID e PONTE_HUB_TOKEN).',
    );
  return { apiUrl: config.apiUrl, hubId: config.hubId, token: config.token };
}

export const HELP = `ponte-hub — o hub WireGuard da Ponte IIoT

Uso:
  ponte-hub [--config /etc/ponte-hub/hub.json]          roda o hub (como root)
  ponte-hub --dry-run [--config …]                      busca o estado na API e mostra o que aplicaria
  ponte-hub --dry-run --state-file estado.json          mostra o que aplicaria para um estado salvo (offline)
  ponte-hub --help

Configuração (arquivo JSON; as variáveis de ambiente têm prioridade):
  apiUrl            PONTE_HUB_API_URL            URL da API VPN (ex.: http://127.0.0.1:8788)
  hubId             PONTE_HUB_ID                 id do hub (Backoffice → VPN → Hubs)
  token             PONTE_HUB_TOKEN              credencial do hub ("Nova credencial")
  tokenFile         PONTE_HUB_TOKEN_FILE         ou: arquivo com a credencial
  interface         PONTE_HUB_INTERFACE          interface WireGuard (padrão ${DEFAULTS.interface})
  listenPort        PONTE_HUB_LISTEN_PORT        porta UDP (padrão: a do cadastro do hub, ${DEFAULTS.listenPort})
  stateDir          PONTE_HUB_STATE_DIR          chave privada e último estado (padrão ${DEFAULTS.stateDir})
  pollIntervalMs    PONTE_HUB_POLL_MS            consulta à API (padrão ${DEFAULTS.pollIntervalMs}, máx. ${HUB_POLL_INTERVAL_MS})
  reportIntervalMs  PONTE_HUB_REPORT_MS          relatório à API (padrão ${DEFAULTS.reportIntervalMs}, máx. ${HUB_REPORT_INTERVAL_MS})
  requestTimeoutMs  PONTE_HUB_REQUEST_TIMEOUT_MS tempo máximo por requisição (padrão ${DEFAULTS.requestTimeoutMs})
  netns             PONTE_HUB_NETNS              namespace de rede da interface (ip netns exec)
  implementation    WG_IMPLEMENTATION            auto | kernel | wireguard-go (padrão auto)
`;
