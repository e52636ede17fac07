/**
 * Where a webhook may point (no server-side request forgery): an `https:` URL without credentials whose host is a
 * public address. Refused: an IP literal in a private, loopback, link-local, CGNAT, multicast, documentation or
 * otherwise reserved range (IPv4 and IPv6, IPv4-mapped and NAT64 forms judged by their IPv4), `localhost`,
 * `*.localhost`, `*.local`, `*.internal` and single-label names. A host name is resolved with DNS-over-HTTPS (A and
 * AAAA, `DNS_RESOLVER_URL`, default Cloudflare's) when the endpoint is saved AND before each delivery (a name that
 * later resolves to a private address — DNS rebinding — fails that delivery); any private answer refuses it. A port
 * other than 443 is allowed (some receivers listen on 8443).
 *
 * The one exception is the demo's own receiver (`DEMO_WEBHOOK_RECEIVER_URL`, honoured in demo mode only): a URL
 * under it is taken as it is (locally, plain http on loopback).
 *
 * Workers cannot pin the address a `fetch` connects to: between the look-up and the connection the name could
 * change again. The look-up before each delivery narrows that window; Cloudflare's network does not route a Worker's
 * fetch into the account's private networks either.
 */
import { WEBHOOK_MESSAGES } from '@/contracts/webhooks';
import { demoMode } from '../../demo/mode';
import type { Env } from '../../shared/env';

export const DEFAULT_DNS_RESOLVER_URL = 'https://cloudflare-dns.com/dns-query';
const LOOKUP_TIMEOUT_MS = 5_000;

/** Why a URL is refused (the pt-BR message shown at the field), or null. */
export type AddressRefusal = (typeof WEBHOOK_MESSAGES)[keyof typeof WEBHOOK_MESSAGES];

// ---- IP addresses ----

/** An IPv4 dotted quad → its four bytes (null when it is not one). */
export function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : NaN));
  return bytes.every((byte) => Number.isInteger(byte) && byte >= 0 && byte <= 255) ? bytes : null;
}

/** An IPv6 address (without brackets; an embedded dotted IPv4 tail allowed) → its eight 16-bit groups, or null. */
export function parseIpv6(text: string): number[] | null {
  let address = text.toLowerCase();
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);
  if (!/^[0-9a-f:.]+$/.test(address)) return null;
  let tail: number[] = [];
  const lastColon = address.lastIndexOf(':');
  if (address.includes('.')) {
    const v4 = parseIpv4(address.slice(lastColon + 1));
    if (!v4) return null;
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    tail = [(a << 8) | b, (c << 8) | d];
    const prefix = address.slice(0, lastColon + 1);
    address = prefix.endsWith('::') ? prefix : prefix.slice(0, -1);
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0] ?? '');
  const rest = halves.length === 2 ? groups(halves[1] ?? '') : [];
  if ([...head, ...rest].some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1 && known !== 8) return null;
  if (halves.length === 2 && known > 7) return null;
  const zeros = halves.length === 2 ? Array.from({ length: 8 - known }, () => 0) : [];
  return [...head.map((g) => parseInt(g, 16)), ...zeros, ...rest.map((g) => parseInt(g, 16)), ...tail];
}

/** Four bytes as one unsigned 32-bit number. */
const v4Number = ([a = 0, b = 0, c = 0, d = 0]: number[]) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

const inV4 = (bytes: number[], base: number[], bits: number) => {
  const value = v4Number(bytes);
  const net = v4Number(base);
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (value & mask) === (net & mask);
};

/** Ranges no webhook may reach (RFC 6890 and friends). */
const PRIVATE_V4: [number[], number][] = [
  [[0, 0, 0, 0], 8], // "this network"
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // CGNAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local (cloud metadata)
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved and broadcast
];

export function isPrivateIpv4(bytes: number[]): boolean {
  return PRIVATE_V4.some(([base, bits]) => inV4(bytes, base, bits));
}

export function isPrivateIpv6(groups: number[]): boolean {
  const [a = 0, b = 0, , , , f = 0, g = 0, h = 0] = groups;
  const embedded = [g >> 8, g & 0xff, h >> 8, h & 0xff];
  const zeroUpTo = (n: number) => groups.slice(0, n).every((group) => group === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (NAT64): judged by their IPv4.
  if (zeroUpTo(5) && f === 0xffff) return isPrivateIpv4(embedded);
  if (a === 0x64 && b === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) return isPrivateIpv4(embedded);
  // Only global unicast (2000::/3) is public, less its reserved blocks.
  if ((a & 0xe000) !== 0x2000) return true; // ::, ::1, IPv4-compatible, fc00::/7, fe80::/10, ff00::/8…
  if (a === 0x2001 && b < 0x0200) return true; // 2001::/23 (Teredo, benchmarking, ORCHID…)
  if (a === 0x2001 && b === 0x0db8) return true; // documentation
  if (a === 0x2002) return true; // 6to4 (an IPv4 inside)
  if (a === 0x3fff && b < 0x1000) return true; // documentation (3fff::/20)
  return false;
}

/** Whether a textual IP address (v4, or v6 with or without brackets) is private; null when it is not an IP. */
export function isPrivateIp(text: string): boolean | null {
  const bare = text.replace(/^\[|\]$/g, '');
  const v4 = parseIpv4(bare);
  if (v4) return isPrivateIpv4(v4);
  if (bare.includes(':')) {
    const v6 = parseIpv6(bare);
    return v6 ? isPrivateIpv6(v6) : true; // an unparsable IPv6 literal is refused
  }
  return null;
}

// ---- URLs ----

/** The demo's receiver, when this Worker honours it: its URL without a trailing slash. */
export function demoReceiverUrl(env: Pick<Env, 'DEMO' | 'DEMO_WEBHOOK_RECEIVER_URL'>): URL | null {
  if (!demoMode(env).allowsDemoWebhookReceiver) return null;
  const configured = env.DEMO_WEBHOOK_RECEIVER_URL?.trim().replace(/\/+$/, '');
  if (!configured) return null;
  try {
    return new URL(configured);
  } catch {
    return null;
  }
}

/** Whether `url` is under the demo's receiver (same origin, its path below the receiver's). */
export function isDemoReceiver(env: Pick<Env, 'DEMO' | 'DEMO_WEBHOOK_RECEIVER_URL'>, url: URL): boolean {
  const receiver = demoReceiverUrl(env);
  return (
    receiver !== null &&
    url.origin === receiver.origin &&
    url.username === '' &&
    url.password === '' &&
    url.pathname.startsWith(`${receiver.pathname}/`)
  );
}

const NAME_REFUSED = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/;

/** The checks that need no look-up: the URL parsed, or the refusal. */
export function checkWebhookUrlSyntax(env: Pick<Env, 'DEMO' | 'DEMO_WEBHOOK_RECEIVER_URL'>, text: string): { url: URL; lookup: string | null } | { refusal: AddressRefusal } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { refusal: WEBHOOK_MESSAGES.urlInvalid };
  }
  if (isDemoReceiver(env, url)) return { url, lookup: null };
  if (url.protocol !== 'https:') return { refusal: WEBHOOK_MESSAGES.https };
  if (url.username !== '' || url.password !== '') return { refusal: WEBHOOK_MESSAGES.credentials };
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const ip = isPrivateIp(host);
  if (ip === true) return { refusal: WEBHOOK_MESSAGES.privateAddress };
  if (ip === false) return { url, lookup: null };
  if (NAME_REFUSED.test(host)) return { refusal: WEBHOOK_MESSAGES.privateAddress };
  if (!host.includes('.')) return { refusal: WEBHOOK_MESSAGES.publicDomain };
  return { url, lookup: host };
}

// ---- DNS-over-HTTPS ----

/** How the Worker reaches the outside for webhooks: `fetch`, unless the browser tests' harness gives its own. */
export function webhookFetch(env: Pick<Env, 'WEBHOOK_TRANSPORT'>): (request: Request) => Promise<Response> {
  return env.WEBHOOK_TRANSPORT ?? ((request) => fetch(request));
}

export type LookupOutcome = { kind: 'public'; addresses: string[] } | { kind: 'private'; address: string } | { kind: 'unresolved' } | { kind: 'resolver-down' };

interface DohAnswer {
  Status?: number;
  Answer?: { type?: number; data?: string }[];
}

async function query(env: Pick<Env, 'DNS_RESOLVER_URL' | 'WEBHOOK_TRANSPORT'>, host: string, type: 'A' | 'AAAA'): Promise<DohAnswer | null> {
  const resolver = env.DNS_RESOLVER_URL?.trim() || DEFAULT_DNS_RESOLVER_URL;
  const url = new URL(resolver);
  url.searchParams.set('name', host);
  url.searchParams.set('type', type);
  try {
    const response = await webhookFetch(env)(
      new Request(url, { headers: { accept: 'application/dns-json' }, signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS), redirect: 'manual' }),
    );
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    return (await response.json()) as DohAnswer;
  } catch {
    return null;
  }
}

/** A and AAAA of `host` through DNS-over-HTTPS: public (every answer), private (any answer), none, or no resolver. */
export async function lookupHost(env: Pick<Env, 'DNS_RESOLVER_URL' | 'WEBHOOK_TRANSPORT'>, host: string): Promise<LookupOutcome> {
  const answers = await Promise.all([query(env, host, 'A'), query(env, host, 'AAAA')]);
  if (answers.some((answer) => answer === null)) return { kind: 'resolver-down' };
  const addresses: string[] = [];
  for (const answer of answers) {
    // NXDOMAIN (3) is "no such name"; another failure (SERVFAIL…) says nothing of the name.
    if (answer?.Status !== undefined && answer.Status !== 0 && answer.Status !== 3) return { kind: 'resolver-down' };
    for (const record of answer?.Answer ?? []) {
      if ((record.type === 1 || record.type === 28) && typeof record.data === 'string') addresses.push(record.data.trim());
    }
  }
  for (const address of addresses) {
    if (isPrivateIp(address) !== false) return { kind: 'private', address };
  }
  return addresses.length === 0 ? { kind: 'unresolved' } : { kind: 'public', addresses };
}

/** Every check (the look-up included): the URL allowed, or the refusal shown at the field. */
export async function checkWebhookUrl(env: Env, text: string): Promise<{ url: URL } | { refusal: AddressRefusal }> {
  const syntax = checkWebhookUrlSyntax(env, text);
  if ('refusal' in syntax) return syntax;
  if (syntax.lookup === null) return { url: syntax.url };
  const outcome = await lookupHost(env, syntax.lookup);
  switch (outcome.kind) {
    case 'public':
      return { url: syntax.url };
    case 'private':
      return { refusal: WEBHOOK_MESSAGES.privateAddress };
    case 'unresolved':
      return { refusal: WEBHOOK_MESSAGES.unresolved };
    case 'resolver-down':
      return { refusal: WEBHOOK_MESSAGES.resolverDown };
  }
}
