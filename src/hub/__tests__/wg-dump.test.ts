// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseWgDump } from '../wg-dump';
import { KEYS } from './fixtures';

describe('parseWgDump', () => {
  it('reads the interface line and each peer line', () => {
    const text = [
      `${KEYS.hubPrivate}\tCmCUZo9y34aK1oSOaetMgwKMBQBjgWOHA5VFwEFsdlE=\t51820\toff`,
      `${KEYS.gateway}\t(none)\t203.0.113.7:41234\t10.88.0.2/32,10.130.1.0/24\t1764403200\t1048576\t2097152\t25`,
      `${KEYS.session}\t(none)\t(none)\t10.86.0.5/32\t0\t0\t0\toff`,
      '',
    ].join('\n');
    expect(parseWgDump(text)).toEqual({
      publicKey: 'CmCUZo9y34aK1oSOaetMgwKMBQBjgWOHA5VFwEFsdlE=',
      listenPort: 51820,
      peers: [
        {
          publicKey: KEYS.gateway,
          endpoint: '203.0.113.7:41234',
          allowedIps: ['10.88.0.2/32', '10.130.1.0/24'],
          latestHandshake: 1764403200,
          rxBytes: 1048576,
          txBytes: 2097152,
          persistentKeepalive: 25,
        },
        {
          publicKey: KEYS.session,
          endpoint: null,
          allowedIps: ['10.86.0.5/32'],
          latestHandshake: 0,
          rxBytes: 0,
          txBytes: 0,
          persistentKeepalive: null,
        },
      ],
    });
  });

  it('reads an interface without peers, and ignores broken lines', () => {
    expect(parseWgDump(`${KEYS.hubPrivate}\tPUB\t51820\toff\nbroken line\n`)).toEqual({ publicKey: 'PUB', listenPort: 51820, peers: [] });
    expect(parseWgDump('')).toEqual({ publicKey: null, listenPort: null, peers: [] });
  });
});
