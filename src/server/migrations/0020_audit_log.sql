-- The audit log (issue 37, item 5: Configurações → "Registro de auditoria"): every change to an account's people,
-- roles, policies, customers' approval settings, machines' networks and services, gateways, alert rules, webhooks,
-- exports and deletion requests — who (actor_*; `actor_staff` when the Ponte team acted), when, from which address
-- (`CF-Connecting-IP`), and the changed fields before and after as JSON (secrets, tokens, keys and passwords never:
-- src/server/main/audit/redact.ts). Written in the same batch as the change it records (src/server/main/audit/).
-- Kept 5 years: the daily cron deletes older rows (src/server/main/purge.ts).
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_uid TEXT NOT NULL,
  actor_uid TEXT NOT NULL,
  actor_name TEXT NOT NULL,
  actor_email TEXT NOT NULL,
  actor_staff INTEGER NOT NULL DEFAULT 0,
  ip TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL,
  target_kind TEXT NOT NULL,
  target_id TEXT NOT NULL,
  target_label TEXT NOT NULL,
  before_json TEXT,
  after_json TEXT,
  created_at INTEGER NOT NULL
);
-- The list (newest first), its filters (person, kind) and the period: each starts with the account.
CREATE INDEX audit_log_owner_created ON audit_log (owner_uid, created_at DESC, id DESC);
CREATE INDEX audit_log_owner_actor ON audit_log (owner_uid, actor_uid, created_at DESC);
CREATE INDEX audit_log_owner_kind ON audit_log (owner_uid, kind, created_at DESC);
-- The back office (every account's, newest first) and the 5-year purge.
CREATE INDEX audit_log_created ON audit_log (created_at);
