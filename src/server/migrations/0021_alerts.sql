-- Alerts (issue 37, items 2 and 3): the account's alert rules (Configurações → "Alertas"), the portal's notifications
-- (the header's bell "Notificações", one row per person) and the state the evaluation keeps (src/server/main/alerts/).

-- One rule per account and event (src/contracts/alerts.ts); an event without a row has the contract's default (off).
CREATE TABLE alert_rule (
  owner_uid TEXT NOT NULL,
  -- src/contracts/alerts.ts ALERT_EVENTS
  event TEXT NOT NULL,
  enabled INTEGER NOT NULL,
  -- JSON: the team roles that receive it (['administrador', …])
  roles TEXT NOT NULL,
  -- JSON: e-mails outside the team that receive it
  extra_emails TEXT NOT NULL,
  -- JSON: 'portal' | 'email' | 'webhook'
  channels TEXT NOT NULL,
  -- "Gateway offline": minutes offline before it alerts
  after_minutes INTEGER NOT NULL,
  -- one alert per subject (gateway, order, request) within these minutes
  quiet_minutes INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (owner_uid, event)
);

-- The portal's notifications: one row per recipient person (member_uid: the person's uid; the account's owner is
-- its own uid). subject_kind: src/contracts/alerts.ts PORTAL_NOTIFICATION_SUBJECTS.
CREATE TABLE portal_notification (
  id TEXT PRIMARY KEY,
  owner_uid TEXT NOT NULL,
  member_uid TEXT NOT NULL,
  event TEXT NOT NULL,
  title TEXT NOT NULL,
  message TEXT NOT NULL,
  subject_kind TEXT,
  subject_id TEXT,
  read_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX portal_notification_member ON portal_notification (owner_uid, member_uid, created_at);
-- The daily purge (alerts/retention.ts).
CREATE INDEX portal_notification_created ON portal_notification (created_at);

-- The quiet period: when a rule last alerted about a subject (claimed by an upsert that only moves when the period
-- is over, so two evaluations at once alert once).
CREATE TABLE alert_sent (
  owner_uid TEXT NOT NULL,
  event TEXT NOT NULL,
  subject_id TEXT NOT NULL,
  sent_at INTEGER NOT NULL,
  PRIMARY KEY (owner_uid, event, subject_id)
);

-- How far the evaluation has read an append-only table (name 'device_status_event': that table's rowid).
CREATE TABLE alert_cursor (
  name TEXT PRIMARY KEY,
  position INTEGER NOT NULL
);

-- A gateway's current outage, from its offline event until its online one: "Gateway offline" once it lasted the
-- rule's minutes (alerted_at), "Gateway de volta" when an alerted outage ends.
CREATE TABLE gateway_outage (
  device_id TEXT PRIMARY KEY,
  owner_uid TEXT NOT NULL,
  offline_at INTEGER NOT NULL,
  alerted_at INTEGER
);
CREATE INDEX gateway_outage_due ON gateway_outage (alerted_at, offline_at);
CREATE INDEX gateway_outage_owner ON gateway_outage (owner_uid, device_id);
