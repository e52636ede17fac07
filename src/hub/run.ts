/**
 * The one module that runs commands. Every `ip`, `nft`, `conntrack`, `sysctl` and `wireguard-go` runs inside the
 * configured network namespace (`ip netns exec <netns> …`). `wg` needs no prefix with wireguard-go: it talks to
 * the control socket in /var/run/wireguard, shared by every namespace; with the kernel module (netlink is per
 * namespace) it is prefixed too (`wgInNetns`).
 */
import { execFile } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** ms; default the runner's. */
  timeoutMs?: number;
  /** Extra environment (merged over the process's). */
  env?: Record<string, string | undefined>;
}

export interface Runner {
  /** Runs a command (prefixed for the namespace when it belongs there); never throws for a non-zero exit. */
  run(command: string, args: readonly string[], options?: RunOptions): Promise<CommandResult>;
}

/** Commands that act on the namespace's network stack. */
const NAMESPACED = new Set(['ip', 'nft', 'conntrack', 'sysctl', 'wireguard-go']);

export interface RunnerOptions {
  netns?: string;
  /** Also run `wg` inside the namespace (the kernel implementation: netlink is per namespace). */
  wgInNetns?: boolean;
  timeoutMs?: number;
}

/** The command line as it will run: the namespace prefix added when needed. */
export function commandLine(command: string, args: readonly string[], options: RunnerOptions): [string, string[]] {
  const inNetns = options.netns && (NAMESPACED.has(command) || (command === 'wg' && options.wgInNetns));
  if (inNetns && options.netns) return ['ip', ['netns', 'exec', options.netns, command, ...args]];
  return [command, [...args]];
}

export function createRunner(options: RunnerOptions): Runner & { options: RunnerOptions } {
  return {
    options,
    run(command, args, runOptions = {}) {
      const [file, argv] = commandLine(command, args, options);
      return new Promise((resolve) => {
        execFile(
          file,
          argv,
          {
            timeout: runOptions.timeoutMs ?? options.timeoutMs ?? 15_000,
            killSignal: 'SIGKILL',
            maxBuffer: 64 * 1024 * 1024,
            env: runOptions.env ? { ...process.env, ...runOptions.env } : process.env,
          },
          (error, stdout, stderr) => {
            if (!error) return resolve({ code: 0, stdout, stderr });
            const failed = error as NodeJS.ErrnoException & { code?: number | string; killed?: boolean };
            const reason = failed.killed
              ? `tempo esgotado (${runOptions.timeoutMs ?? options.timeoutMs ?? 15_000} ms)`
              : failed.code === 'ENOENT'
                ? 'comando não encontrado (ENOENT)'
                : typeof failed.code === 'string'
                  ? failed.code
                  : '';
            resolve({
              code: typeof failed.code === 'number' ? failed.code : 127,
              stdout: String(stdout ?? ''),
              stderr: [String(stderr ?? '').trim(), reason].filter(Boolean).join(' — '),
            });
          },
        );
      });
    },
  };
}

/** A command failed: the pt-BR summary a person reads in the log and the hub's health. */
export class CommandError extends Error {
  constructor(
    readonly command: string,
    readonly result: CommandResult,
  ) {
    super(`Falha em "${command}" (código ${result.code}): ${result.stderr.trim().split('\n').slice(0, 3).join(' ') || 'sem mensagem'}`.slice(0, 480));
    this.name = 'CommandError';
  }
}

/** Runs and throws CommandError on a non-zero exit. */
export async function mustRun(runner: Runner, command: string, args: readonly string[], options?: RunOptions): Promise<string> {
  const result = await runner.run(command, args, options);
  if (result.code !== 0) throw new CommandError(`${command} ${args.join(' ')}`, result);
  return result.stdout;
}

/** Whether an executable is on PATH (no process started). */
export async function onPath(command: string, path = process.env.PATH ?? ''): Promise<boolean> {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    try {
      await access(join(dir, command), constants.X_OK);
      return true;
    } catch {
      // next directory
    }
  }
  return false;
}
