-- The VPN (the VPN API Worker): users who connect, nodes (the gateways the VPN reaches) and the routes behind each
-- node. VPN records belong to the platform — staff manages them all — so no list is scoped by an owner;
-- `owner_uid` only says which builder a record serves. Text sorts on folded `*_key` columns, search on the folded
-- `search` / `search_compact` columns. Only WireGuard PUBLIC keys are kept; a node's credential only as a hash.

CREATE TABLE vpn_user (
  id TEXT PRIMARY KEY,
  -- the builder whose machines the user reaches (NULL until it has one)
  owner_uid TEXT,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1,
  -- NULL: no expiry
  expires_at INTEGER,
  -- JSON array of machine ids, in the order chosen
  machine_ids TEXT NOT NULL DEFAULT '[]',
  -- base64 X25519 public key of the last configuration downloaded (the private key is only in that file)
  wg_public_key TEXT,
  config_issued_at INTEGER,
  -- demo: when the simulated node reports the handshake of the downloaded configuration
  handshake_due_at INTEGER,
  last_handshake_at INTEGER,
  name_key TEXT NOT NULL,
  search TEXT NOT NULL,
  search_compact TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX vpn_user_email ON vpn_user (email);
CREATE INDEX vpn_user_name ON vpn_user (name_key, id);
CREATE INDEX vpn_user_expires ON vpn_user (expires_at, id);
CREATE INDEX vpn_user_created ON vpn_user (created_at, id);
CREATE INDEX vpn_user_status ON vpn_user (enabled, expires_at);
CREATE INDEX vpn_user_handshake_due ON vpn_user (handshake_due_at) WHERE handshake_due_at IS NOT NULL;
CREATE INDEX vpn_user_owner ON vpn_user (owner_uid, name_key);

CREATE TABLE vpn_node (
  id TEXT PRIMARY KEY,
  owner_uid TEXT NOT NULL,
  name TEXT NOT NULL,
  device_id TEXT NOT NULL,
  vpn_address TEXT NOT NULL,
  -- the address as one sortable number
  address_sort INTEGER NOT NULL,
  -- the last handshake the node itself reported (its peers poll, the demo's simulated handshakes); the gateway's
  -- last_seen_at counts too
  last_handshake_at INTEGER,
  -- hex SHA-256 of the node's credential (`Authorization: Node <token>`), shown once when issued
  token_hash TEXT,
  token_issued_at INTEGER,
  name_key TEXT NOT NULL,
  search TEXT NOT NULL,
  search_compact TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX vpn_node_device ON vpn_node (device_id);
CREATE INDEX vpn_node_name ON vpn_node (name_key, id);
CREATE INDEX vpn_node_address ON vpn_node (address_sort, id);
CREATE INDEX vpn_node_handshake ON vpn_node (last_handshake_at, id);
CREATE INDEX vpn_node_owner ON vpn_node (owner_uid, name_key);

CREATE TABLE vpn_route (
  id TEXT PRIMARY KEY,
  owner_uid TEXT NOT NULL,
  node_id TEXT NOT NULL,
  -- IPv4 CIDR, normalised
  network TEXT NOT NULL,
  network_sort INTEGER NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  enabled INTEGER NOT NULL DEFAULT 1,
  description_key TEXT NOT NULL,
  -- network, description and the node's name
  search TEXT NOT NULL,
  search_compact TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX vpn_route_node ON vpn_route (node_id, network_sort, id);
CREATE INDEX vpn_route_network ON vpn_route (network_sort, id);
CREATE INDEX vpn_route_description ON vpn_route (description_key, id);
CREATE INDEX vpn_route_enabled ON vpn_route (enabled, node_id);
