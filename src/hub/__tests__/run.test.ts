// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CommandError, commandLine, createRunner, mustRun } from '../run';

describe('commandLine', () => {
  it('runs the network commands inside the namespace, and wg only with the kernel implementation', () => {
    const netns = { netns: 'hubtest-a' };
    expect(commandLine('nft', ['-f', '/x.nft'], netns)).toEqual(['ip', ['netns', 'exec', 'hubtest-a', 'nft', '-f', '/x.nft']]);
    expect(commandLine('ip', ['link', 'show', 'lo'], netns)).toEqual(['ip', ['netns', 'exec', 'hubtest-a', 'ip', 'link', 'show', 'lo']]);
    expect(commandLine('wireguard-go', ['pht0'], netns)).toEqual(['ip', ['netns', 'exec', 'hubtest-a', 'wireguard-go', 'pht0']]);
    expect(commandLine('wg', ['show', 'pht0', 'dump'], netns)).toEqual(['wg', ['show', 'pht0', 'dump']]);
    expect(commandLine('wg', ['show', 'pht0', 'dump'], { ...netns, wgInNetns: true })).toEqual([
      'ip',
      ['netns', 'exec', 'hubtest-a', 'wg', 'show', 'pht0', 'dump'],
    ]);
    expect(commandLine('nft', ['-f', '/x.nft'], {})).toEqual(['nft', ['-f', '/x.nft']]);
  });
});

describe('createRunner', () => {
  it('returns exit codes and output, and stops a command at its timeout', async () => {
    const runner = createRunner({ timeoutMs: 5000 });
    expect(await runner.run('sh', ['-c', 'echo out; echo err >&2; exit 3'])).toEqual({ code: 3, stdout: 'out\n', stderr: 'err' });
    expect(await mustRun(runner, 'sh', ['-c', 'echo ok'])).toBe('ok\n');
    await expect(mustRun(runner, 'sh', ['-c', 'echo "Error: syntax error" >&2; exit 1'])).rejects.toThrow(
      new CommandError('sh -c echo "Error: syntax error" >&2; exit 1', { code: 1, stdout: '', stderr: 'Error: syntax error' }),
    );
    const slow = await runner.run('sleep', ['5'], { timeoutMs: 100 });
    expect(slow.code).toBe(127);
    expect(slow.stderr).toBe('tempo esgotado (100 ms)');
    expect((await runner.run('no-such-command-ponte', [])).stderr).toBe('comando não encontrado (ENOENT)');
  });
});
