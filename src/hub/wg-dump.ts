/**
 * `wg show <if> dump`: the first line is the interface (private-key, public-key, listen-port, fwmark); each other
 * line a peer (public-key, preshared-key, endpoint, allowed-ips, latest-handshake, transfer-rx, transfer-tx,
 * persistent-keepalive), tab-separated.
 */
export interface DumpPeer {
  publicKey: string;
  endpoint: string | null;
  allowedIps: string[];
  /** Seconds since 1970; 0: never. */
  latestHandshake: number;
  rxBytes: number;
  txBytes: number;
  /** Seconds; null: off. */
  persistentKeepalive: number | null;
}

export interface WgDump {
  publicKey: string | null;
  listenPort: number | null;
  peers: DumpPeer[];
}

const count = (text: string | undefined) => {
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
};
const orNull = (text: string | undefined) => (text === undefined || text === '(none)' || text === 'off' || text === '' ? null : text);

export function parseWgDump(text: string): WgDump {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const [first, ...rest] = lines;
  const head = first?.split('\t') ?? [];
  const peers: DumpPeer[] = [];
  for (const line of rest) {
    const fields = line.split('\t');
    if (fields.length < 8 || !fields[0]) continue;
    const keepalive = orNull(fields[7]);
    const allowed = orNull(fields[3]);
    peers.push({
      publicKey: fields[0],
      endpoint: orNull(fields[2]),
      allowedIps: allowed ? allowed.split(',').map((ip) => ip.trim()) : [],
      latestHandshake: count(fields[4]),
      rxBytes: count(fields[5]),
      txBytes: count(fields[6]),
      persistentKeepalive: keepalive === null ? null : count(keepalive),
    });
  }
  return { publicKey: orNull(head[1]), listenPort: head[2] ? count(head[2]) : null, peers };
}
