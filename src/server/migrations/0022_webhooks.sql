-- Signed webhooks (issue 37, items 4 and 6): the account's endpoints (Configurações → "Webhooks"), each delivery of
-- an event to one of them (its log, "Reenviar"), and what the demo's own receiver got (demo mode only).
-- src/server/main/webhooks/, src/server/main/db/webhook-schema.ts.

-- An endpoint: an HTTPS URL, the events it listens to (JSON, src/contracts/alerts.ts ALERT_EVENTS), its signing
-- secret encrypted with SECRETS_KEY (AES-GCM, a fresh IV per write; never answered after the create or rotation that
-- made it). failing_since: since when every delivery failed; disabled_at: when 24 h of failures disabled it.
CREATE TABLE webhook_endpoint (
  id TEXT PRIMARY KEY,
  owner_uid TEXT NOT NULL,
  url TEXT NOT NULL,
  events TEXT NOT NULL,
  secret_cipher TEXT NOT NULL,
  secret_iv TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1,
  failing_since INTEGER,
  disabled_at INTEGER,
  version INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX webhook_endpoint_owner ON webhook_endpoint (owner_uid, created_at);

-- One event to one endpoint: id is the event id sent as Ponte-Event-Id (`evt_…`); payload the event's `data` (JSON).
-- status 'pendente' | 'entregue' | 'falhou'; retried from first_attempt_at for 24 h ("Reenviar" starts a new 24 h).
CREATE TABLE webhook_delivery (
  id TEXT PRIMARY KEY,
  owner_uid TEXT NOT NULL,
  endpoint_id TEXT NOT NULL,
  event TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_status_code INTEGER,
  last_error TEXT,
  duration_ms INTEGER,
  next_attempt_at INTEGER,
  first_attempt_at INTEGER,
  created_at INTEGER NOT NULL,
  delivered_at INTEGER
);
CREATE INDEX webhook_delivery_endpoint ON webhook_delivery (owner_uid, endpoint_id, created_at);

-- Demo mode only: what POST /demo/webhook-receiver/{account} received (the demo's receiver page).
CREATE TABLE demo_webhook_receipt (
  id TEXT PRIMARY KEY,
  account_uid TEXT NOT NULL,
  event_id TEXT,
  event TEXT,
  signature TEXT,
  signature_valid INTEGER NOT NULL,
  headers TEXT NOT NULL,
  body TEXT NOT NULL,
  received_at INTEGER NOT NULL
);
CREATE INDEX demo_webhook_receipt_account ON demo_webhook_receipt (account_uid, received_at);
