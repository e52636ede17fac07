-- Remote access (issue 25): a builder's engineer connects to one machine, for a reason and a time. The account's
-- policy, the sessions (a request, its decision, its window) and their events (Histórico). Owned data: every
-- statement names the owner, every list index starts with it. Only the requester's WireGuard PUBLIC key is kept
-- (the private key is made and kept in the requester's browser).

CREATE TABLE remote_access_policy (
  owner_uid TEXT PRIMARY KEY,
  -- "Exigir aprovação de um Administrador" (for Técnico requests)
  require_approval INTEGER NOT NULL DEFAULT 0,
  -- "Duração máxima": 1, 4, 8 or 24
  max_duration_hours INTEGER NOT NULL DEFAULT 24,
  version INTEGER NOT NULL DEFAULT 1,
  updated_at INTEGER NOT NULL
);

CREATE TABLE remote_access_session (
  id TEXT PRIMARY KEY,
  owner_uid TEXT NOT NULL,
  machine_id TEXT NOT NULL,
  -- the machine's name when asked (kept for the lists and Histórico if it is renamed or deleted)
  machine_name TEXT NOT NULL,
  -- the gateway on the machine when asked
  device_id TEXT NOT NULL,
  requester_uid TEXT NOT NULL,
  requester_name TEXT NOT NULL,
  requester_email TEXT NOT NULL,
  reason TEXT NOT NULL,
  duration_hours INTEGER NOT NULL,
  -- JSON array of { name, protocol, port }: the chosen services (the node forwards only their ports)
  services TEXT NOT NULL,
  -- the machine's LAN (AllowedIPs), refreshed when the profile is issued
  lan_subnet TEXT NOT NULL,
  -- pending | approved | active | refused | ended | expired
  status TEXT NOT NULL,
  -- the window: starts when the profile is issued
  window_start INTEGER,
  window_end INTEGER,
  -- base64 X25519 public key sent by the requester's browser (NULL until the profile is issued)
  wg_public_key TEXT,
  -- the requester's address in the VPN (10.86.0.0/16, derived from the id)
  tunnel_address TEXT NOT NULL,
  decided_by_uid TEXT,
  decided_by_name TEXT,
  decided_at INTEGER,
  refusal_reason TEXT,
  ended_by_uid TEXT,
  ended_by_name TEXT,
  ended_at INTEGER,
  end_reason TEXT,
  -- demo: when the simulated node reports the handshake of the issued profile
  handshake_due_at INTEGER,
  last_handshake_at INTEGER,
  version INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
-- At most one open window per person and machine (a second request replaces the open one in the same batch).
CREATE UNIQUE INDEX remote_access_session_open ON remote_access_session (owner_uid, machine_id, requester_uid)
  WHERE status IN ('pending', 'approved', 'active');
CREATE INDEX remote_access_session_status ON remote_access_session (owner_uid, status, created_at, id);
CREATE INDEX remote_access_session_machine ON remote_access_session (owner_uid, machine_id, created_at, id);
CREATE INDEX remote_access_session_requester ON remote_access_session (owner_uid, requester_uid, created_at, id);
CREATE INDEX remote_access_session_window ON remote_access_session (owner_uid, status, window_end);
-- The node's peer list: active sessions by gateway.
CREATE INDEX remote_access_session_device ON remote_access_session (device_id, status, window_end);
CREATE INDEX remote_access_session_handshake_due ON remote_access_session (handshake_due_at) WHERE handshake_due_at IS NOT NULL;

CREATE TABLE remote_access_event (
  id TEXT PRIMARY KEY,
  owner_uid TEXT NOT NULL,
  session_id TEXT NOT NULL,
  -- requested | approved | refused | profile-downloaded | connected | ended | expired
  kind TEXT NOT NULL,
  machine_id TEXT NOT NULL,
  machine_name TEXT NOT NULL,
  requester_uid TEXT NOT NULL,
  requester_name TEXT NOT NULL,
  -- who did it; NULL: the system (an expiry, the node's handshake)
  actor_uid TEXT,
  actor_name TEXT,
  -- why ('' when none)
  reason TEXT NOT NULL DEFAULT '',
  at INTEGER NOT NULL
);
CREATE INDEX remote_access_event_at ON remote_access_event (owner_uid, at, id);
CREATE INDEX remote_access_event_machine ON remote_access_event (owner_uid, machine_id, at, id);
CREATE INDEX remote_access_event_requester ON remote_access_event (owner_uid, requester_uid, at, id);
CREATE INDEX remote_access_event_kind ON remote_access_event (owner_uid, kind, at, id);
CREATE INDEX remote_access_event_session ON remote_access_event (owner_uid, session_id, at);
