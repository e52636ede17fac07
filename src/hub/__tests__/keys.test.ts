// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hubReportSchema } from '@/contracts/hub';
import { dryRunText } from '../dry-run';
import { resolveConfig } from '../config';
import { ensurePrivateKey, generatePrivateKey, publicKeyOf } from '../keys';
import { NOW, sampleState } from './fixtures';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('keys', () => {
  it('derives the public key as `wg pubkey` does', () => {
    // `echo wCD6JVis2jGpMR9sRiaytcuLgqyakrt5MRDBaEp1L0E= | wg pubkey`
    expect(publicKeyOf('wCD6JVis2jGpMR9sRiaytcuLgqyakrt5MRDBaEp1L0E=')).toBe('CmCUZo9y34aK1oSOaetMgwKMBQBjgWOHA5VFwEFsdlE=');
    const fresh = generatePrivateKey();
    expect(Buffer.from(fresh, 'base64')).toHaveLength(32);
    expect(hubReportSchema.shape.publicKey.safeParse(publicKeyOf(fresh)).success).toBe(true);
  });

  it('makes the private key once, mode 600, and reads it back after', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ponte-hub-keys-'));
    const stateDir = join(dir, 'state');
    const first = await ensurePrivateKey(stateDir);
    expect(first.created).toBe(true);
    expect(statSync(join(stateDir, 'private.key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(stateDir, 'private.key'), 'utf8')).toBe(`${first.privateKey}\n`);
    const again = await ensurePrivateKey(stateDir);
    expect(again).toEqual({ ...first, created: false });
  });
});

describe('dryRunText', () => {
  it('prints both configurations, without the private key, and the interface commands in the namespace', () => {
    const config = resolveConfig({ interface: 'pht0', netns: 'hubtest-a', stateDir: '/srv/hub' }, {});
    const text = dryRunText(config, sampleState(), NOW);
    expect(text.split('\n').slice(0, 7)).toEqual([
      '# ponte-hub --dry-run: estado v1, 3 peer(s) aplicável(is), 1 expirado(s), 0 ignorado(s).',
      '# expirados (fora): sess-old',
      '',
      '# --- WireGuard: wg syncconf pht0 <arquivo> ---',
      '[Interface]',
      'PrivateKey = (chave privada de /srv/hub/private.key)',
      'ListenPort = 51820',
    ]);
    expect(text).toContain('# --- nftables: ip netns exec hubtest-a nft -f <arquivo> ---\ntable inet ponte_hub {}\n');
    expect(text).toContain('iifname != "pht0" oifname != "pht0" accept');
    expect(text.trimEnd().split('\n').slice(-2)).toEqual([
      'ip netns exec hubtest-a ip route replace 10.88.0.0/16 dev pht0',
      'ip netns exec hubtest-a ip route replace 10.128.0.0/9 dev pht0',
    ]);
  });
});
