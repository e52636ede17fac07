import { describe, expect, it } from 'vitest';
import { demoKey } from '../wireguard-keys';

describe('demoKey', () => {
  it('is a 32-byte base64 key, the same for the same seed and another for another seed', () => {
    const key = demoKey('device-1001:PNT-0001:private');
    expect(key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(atob(key)).toHaveLength(32);
    expect(demoKey('device-1001:PNT-0001:private')).toBe(key);
    expect(demoKey('device-1002:PNT-0002:private')).not.toBe(key);
    expect(demoKey('')).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });
});
