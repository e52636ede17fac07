-- The hub (issue 34): the WireGuard relays that carry the packets. A hub is a record staff create (name, region,
-- endpoint); the program on the hub's host makes its own key pair and reports its public key with the credential
-- staff issued (kept only as its SHA-256). Each gateway is assigned to one hub (the least loaded when it is created);
-- a session goes through its gateway's hub. Addressing: src/contracts/hub.ts.

CREATE TABLE vpn_hub (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  region TEXT NOT NULL,
  endpoint_host TEXT NOT NULL,
  endpoint_port INTEGER NOT NULL DEFAULT 51820,
  -- base64 X25519 public key the hub reported (NULL until its first report)
  public_key TEXT,
  -- hex SHA-256 of the hub's credential (`Authorization: Hub <token>`), shown once when issued
  token_hash TEXT,
  token_issued_at INTEGER,
  last_report_at INTEGER,
  -- the desired state's version the hub applied last
  applied_version TEXT,
  -- JSON: the hub's last health ({ ok, message?, implementation, startedAt })
  health TEXT,
  -- peers the hub reported holding at its last report
  peer_count INTEGER NOT NULL DEFAULT 0,
  version INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX vpn_hub_name ON vpn_hub (name);

-- The gateway's hub (NULL: none yet — assigned at its next configuration download, or when a hub is created).
ALTER TABLE device ADD COLUMN hub_id TEXT;
CREATE INDEX device_hub ON device (hub_id, id);
-- Status from the hub: online while its handshake is within GATEWAY_ONLINE_WINDOW_MS; each transition recorded.
CREATE INDEX device_status_seen ON device (status, last_seen_at);
CREATE TABLE device_status_event (
  id TEXT PRIMARY KEY,
  owner_uid TEXT,
  device_id TEXT NOT NULL,
  -- 'online' | 'offline'
  status TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX device_status_event_device ON device_status_event (device_id, at);

-- The machine's tunnel subnet: the same size as its LAN, from TUNNEL_POOL, unique across the platform (the gateway
-- maps it 1:1 onto the LAN). tunnel_start/tunnel_end: its first and last addresses as numbers.
ALTER TABLE machine ADD COLUMN tunnel_subnet TEXT;
ALTER TABLE machine ADD COLUMN tunnel_start INTEGER;
ALTER TABLE machine ADD COLUMN tunnel_end INTEGER;
CREATE UNIQUE INDEX machine_tunnel_start ON machine (tunnel_start) WHERE tunnel_start IS NOT NULL;
CREATE INDEX machine_device ON machine (device_id);

-- A grant is fixed when it is approved: the tunnel subnet the session may reach (with its `services` and
-- `lan_subnet`, copied then and never following later edits of the machine).
ALTER TABLE remote_access_session ADD COLUMN tunnel_subnet TEXT;
