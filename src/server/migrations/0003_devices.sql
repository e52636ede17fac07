-- Gateways (device) and their VPN sessions (device_connection). A gateway nobody has claimed yet has no owner
-- (owner_uid NULL) and is found by its setup code only.

CREATE TABLE device (
  id TEXT PRIMARY KEY,
  owner_uid TEXT,
  serial_number TEXT NOT NULL,
  setup_code TEXT NOT NULL,
  name TEXT NOT NULL,
  hardware_model TEXT NOT NULL,
  firmware TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('online', 'offline', 'never-connected')),
  last_seen_at INTEGER,
  vpn_address TEXT,
  machine_id TEXT,
  order_id TEXT,
  -- the WireGuard public key of the gateway's current configuration (the private key is never stored: it is only
  -- in the file downloaded); a new download makes a new pair, which revokes the previous one
  wg_public_key TEXT,
  wg_key_rotated_at INTEGER,
  -- demo: when a freshly configured gateway reports in (the simulated node)
  comes_online_at INTEGER,
  name_key TEXT NOT NULL,
  search TEXT NOT NULL,
  search_compact TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX device_setup_code ON device (setup_code);
CREATE UNIQUE INDEX device_serial ON device (serial_number);
-- one gateway per VPN address (the allocation of a new one is retried on a clash)
CREATE UNIQUE INDEX device_vpn_address ON device (vpn_address) WHERE vpn_address IS NOT NULL;
CREATE INDEX device_owner_name ON device (owner_uid, name_key, id);
CREATE INDEX device_owner_serial ON device (owner_uid, serial_number, id);
CREATE INDEX device_owner_status ON device (owner_uid, status, name_key, id);
CREATE INDEX device_owner_created ON device (owner_uid, created_at, id);
CREATE INDEX device_owner_seen ON device (owner_uid, last_seen_at, id);
CREATE INDEX device_owner_machine ON device (owner_uid, machine_id);
CREATE INDEX device_owner_order ON device (owner_uid, order_id);
CREATE INDEX device_comes_online ON device (owner_uid, comes_online_at) WHERE comes_online_at IS NOT NULL;

CREATE TABLE device_connection (
  id TEXT PRIMARY KEY,
  owner_uid TEXT NOT NULL,
  device_id TEXT NOT NULL,
  machine_id TEXT,
  user_name TEXT NOT NULL,
  user_email TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  ended_at INTEGER,
  public_ip TEXT NOT NULL,
  bytes_in INTEGER NOT NULL DEFAULT 0,
  bytes_out INTEGER NOT NULL DEFAULT 0,
  version INTEGER NOT NULL DEFAULT 1,
  updated_at INTEGER NOT NULL
);
CREATE INDEX device_connection_device ON device_connection (owner_uid, device_id, started_at);
CREATE INDEX device_connection_machine ON device_connection (owner_uid, machine_id, started_at);
CREATE INDEX device_connection_owner_started ON device_connection (owner_uid, started_at);
