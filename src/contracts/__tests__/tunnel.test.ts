import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TUNNEL_POOL } from '../hub';
import {
  cidrText,
  firstFreeTunnelBlock,
  ipToNumber,
  lanToTunnel,
  machineLanProblem,
  nextTunnelBlock,
  numberToIp,
  parseCidr,
  TUNNEL_POOL_CIDR,
  TUNNEL_POOL_RANGE,
  tunnelToLan,
} from '../tunnel';

const address = fc.integer({ min: 0, max: 2 ** 32 - 1 });
const prefix = fc.integer({ min: 9, max: 30 });
/** A network: an address with its host bits cleared, and its prefix. */
const network = fc.tuple(address, fc.integer({ min: 0, max: 32 })).map(([value, bits]) => {
  const size = 2 ** (32 - bits);
  return { start: Math.floor(value / size) * size, prefix: bits, size };
});

describe('tunnel arithmetic', () => {
  it('uses the pool of the hub contract', () => {
    expect(TUNNEL_POOL_CIDR).toBe(TUNNEL_POOL);
    expect(TUNNEL_POOL_RANGE).toEqual({ start: ipToNumber('10.128.0.0'), end: ipToNumber('10.255.255.255'), prefix: 9, size: 2 ** 23 });
  });

  it('reads and writes addresses both ways', () => {
    fc.assert(fc.property(address, (value) => ipToNumber(numberToIp(value)) === value));
    expect(ipToNumber('10.128.3.10')).toBe(10 * 2 ** 24 + 128 * 2 ** 16 + 3 * 256 + 10);
    expect(ipToNumber('255.255.255.255')).toBe(2 ** 32 - 1);
    for (const bad of ['256.0.0.1', '1.2.3', '1.2.3.4.5', 'a.b.c.d', '', '1.2.3.-4']) expect(ipToNumber(bad)).toBeNull();
  });

  it('reads a network back from its text, and refuses host bits', () => {
    fc.assert(
      fc.property(network, ({ start, prefix: bits, size }) => {
        const parsed = parseCidr(cidrText(start, bits));
        return parsed !== null && parsed.start === start && parsed.prefix === bits && parsed.end === start + size - 1;
      }),
    );
    expect(parseCidr('192.168.0.1/24')).toBeNull();
    expect(parseCidr('192.168.0.0/33')).toBeNull();
    expect(parseCidr('192.168.0.0')).toBeNull();
    expect(parseCidr('192.168.0.0/24/1')).toBeNull();
  });

  it('maps an address from the LAN to the tunnel and back, at the same offset', () => {
    expect(lanToTunnel('192.168.0.10', '192.168.0.0/24', '10.128.3.0/24')).toBe('10.128.3.10');
    expect(tunnelToLan('10.128.3.10', '10.128.3.0/24', '192.168.0.0/24')).toBe('192.168.0.10');
    fc.assert(
      fc.property(network, network, fc.nat(), (lan, tunnel, offset) => {
        fc.pre(lan.prefix === tunnel.prefix);
        const lanText = cidrText(lan.start, lan.prefix);
        const tunnelText = cidrText(tunnel.start, tunnel.prefix);
        const host = numberToIp(lan.start + (offset % lan.size));
        const mapped = lanToTunnel(host, lanText, tunnelText);
        return mapped !== null && parseCidr(`${mapped}/32`) !== null && tunnelToLan(mapped, tunnelText, lanText) === host;
      }),
    );
    // Outside the network, or networks of different sizes: no answer.
    expect(lanToTunnel('192.168.1.10', '192.168.0.0/24', '10.128.3.0/24')).toBeNull();
    expect(lanToTunnel('192.168.0.10', '192.168.0.0/24', '10.128.0.0/16')).toBeNull();
    expect(lanToTunnel('x', '192.168.0.0/24', '10.128.3.0/24')).toBeNull();
  });

  it('gives aligned blocks of the asked size inside the pool, after the given address', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { nil: null }), prefix, (from, bits) => {
        const block = nextTunnelBlock(from, bits);
        const size = 2 ** (32 - bits);
        const lowest = Math.max(from ?? 0, TUNNEL_POOL_RANGE.start);
        // None only when no aligned block fits between `from` and the pool's end.
        if (!block) return Math.ceil(lowest / size) * size + size - 1 > TUNNEL_POOL_RANGE.end;
        return (
          block.size === 2 ** (32 - bits) &&
          block.start % block.size === 0 &&
          block.start >= TUNNEL_POOL_RANGE.start &&
          block.end <= TUNNEL_POOL_RANGE.end &&
          block.start >= (from ?? 0) &&
          // The first one: the previous aligned start is before `from` (or the pool).
          block.start - block.size < lowest
        );
      }),
    );
    expect(nextTunnelBlock(null, 24)).toMatchObject({ start: ipToNumber('10.128.0.0'), prefix: 24 });
    expect(nextTunnelBlock((ipToNumber('10.128.0.255') ?? 0) + 1, 24)).toMatchObject({ start: ipToNumber('10.128.1.0') });
    expect(nextTunnelBlock((ipToNumber('10.128.0.255') ?? 0) + 1, 16)).toMatchObject({ start: ipToNumber('10.129.0.0') });
    expect(nextTunnelBlock((ipToNumber('10.255.255.0') ?? 0) + 1, 24)).toBeNull();
    expect(nextTunnelBlock(null, 8)).toBeNull();
  });

  it('finds the first gap among taken blocks that overlaps none of them', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 300 }), { maxLength: 40 }), prefix.filter((bits) => bits >= 16), (indexes, bits) => {
        // Taken: /24 blocks at the given indexes of the pool.
        const taken = [...indexes].sort((a, b) => a - b).map((index) => {
          const start = TUNNEL_POOL_RANGE.start + index * 256;
          return { start, end: start + 255 };
        });
        const block = firstFreeTunnelBlock(taken, bits);
        if (!block) return false;
        const free = taken.every((t) => t.end < block.start || t.start > block.end);
        // No earlier aligned block of the size was free.
        const earlier = block.start - block.size;
        const earlierFree = earlier >= TUNNEL_POOL_RANGE.start && taken.every((t) => t.end < earlier || t.start > earlier + block.size - 1);
        return free && !earlierFree && block.start % block.size === 0;
      }),
    );
  });
});

describe('machineLanProblem', () => {
  it('accepts every private network from /16 to /30', () => {
    const ranges = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'].map((text) => parseCidr(text));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), fc.nat(), fc.integer({ min: 16, max: 30 }), (which, offset, bits) => {
        const range = ranges[which];
        if (!range) return false;
        const size = 2 ** (32 - bits);
        const start = range.start + Math.floor((offset % range.size) / size) * size;
        return machineLanProblem(cidrText(start, bits)) === null;
      }),
    );
  });

  it('refuses anything with a public address in it', () => {
    fc.assert(
      fc.property(network, ({ start, prefix: bits, size }) => {
        const end = start + size - 1;
        const inside = (range: string) => {
          const r = parseCidr(range);
          return r !== null && start >= r.start && end <= r.end;
        };
        fc.pre(!inside('10.0.0.0/8') && !inside('172.16.0.0/12') && !inside('192.168.0.0/16'));
        return machineLanProblem(cidrText(start, bits)) === 'A rede da máquina precisa ser privada (10.0.0.0/8, 172.16.0.0/12 ou 192.168.0.0/16).';
      }),
    );
  });
});
