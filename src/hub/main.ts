/**
 * ponte-hub's entry: configuration, checks, the interface, then the loop (src/hub/hub.ts). Setup failures print one
 * pt-BR line on stderr and exit 1; the running hub logs JSON lines on stdout.
 */
import { HUB_INTERFACE_ADDRESS, DEFAULT_HUB_PORT } from '@/contracts/hub';
import { createApi } from './api';
import { HELP, loadConfig, parseCli, requireApi } from './config';
import { dryRunText, loadDryRunState } from './dry-run';
import { Hub } from './hub';
import { ensurePrivateKey, privateKeyPath } from './keys';
import { createLogger, errorMessage } from './log';
import { createRunner } from './run';
import { loadState, statePath } from './store';
import { checkCommands, configureInterface, ensureInterface, missingCommandsMessage } from './system';

async function main(argv: readonly string[]): Promise<number> {
  const args = parseCli(argv);
  if (args.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const config = await loadConfig(args, process.env);
  if (args.dryRun) {
    const state = await loadDryRunState(config, args.stateFile);
    process.stdout.write(dryRunText(config, state, Date.now()));
    return 0;
  }
  const api = requireApi(config);
  const logger = createLogger();

  const { missing, warnings } = await checkCommands();
  const missingMessage = missingCommandsMessage(missing);
  if (missingMessage) {
    process.stderr.write(`${missingMessage}\n`);
    return 1;
  }
  for (const warning of warnings) logger.error('setup-warning', { error: warning });

  const keys = await ensurePrivateKey(config.stateDir);
  if (keys.created) logger.info('key-created', { publicKey: keys.publicKey, file: privateKeyPath(config.stateDir) });

  const runner = createRunner({ ...(config.netns ? { netns: config.netns } : {}), timeoutMs: 30_000 });
  const { implementation, created } = await ensureInterface(runner, config);
  runner.options.wgInNetns = implementation === 'kernel';

  let saved = null;
  try {
    saved = await loadState(statePath(config.stateDir));
  } catch (error) {
    logger.error('state-load-failed', { error: errorMessage(error) });
  }
  const address = saved?.hub.address ?? HUB_INTERFACE_ADDRESS;
  const listenPort = config.listenPort ?? saved?.hub.listenPort ?? DEFAULT_HUB_PORT;
  await configureInterface(runner, config.interface, { privateKeyFile: privateKeyPath(config.stateDir), listenPort, address });
  logger.info('started', {
    hubId: api.hubId,
    interface: config.interface,
    created,
    implementation,
    netns: config.netns,
    listenPort,
    publicKey: keys.publicKey,
    savedVersion: saved?.version ?? null,
  });

  const hub = new Hub({
    iface: config.interface,
    stateDir: config.stateDir,
    listenPort: config.listenPort,
    pollIntervalMs: config.pollIntervalMs,
    reportIntervalMs: config.reportIntervalMs,
    runner,
    api: createApi({ ...api, timeoutMs: config.requestTimeoutMs }),
    logger,
    privateKey: keys.privateKey,
    publicKey: keys.publicKey,
    implementation,
    network: { address, networks: [] },
    conntrack: warnings.length === 0,
  });
  const stop = (signal: string) => {
    hub.stop();
    // The interface and the table stay: the kernel keeps enforcing (element timeouts included) while the hub is away.
    logger.info('stopped', { signal, appliedVersion: hub.appliedState?.version ?? null });
    process.exit(0);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  await hub.start(saved);
  return -1;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(`ponte-hub: ${errorMessage(error)}\n`);
    process.exit(1);
  },
);
