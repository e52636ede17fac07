-- Account area: a builder's invitations to its team, the e-mails the demo "sent" (it sends none), the back
-- office's notifications and the newsletter's subscribers. Times are epoch milliseconds.

-- An invitation to an account's team. `token` is the secret in the link (`/invite/<token>`); `email_key` the
-- e-mail trimmed and lower-cased (compared without case). Stored statuses: "expirado" is a pending one past
-- `expires_at`, worked out when read.
CREATE TABLE invitation (
  id TEXT PRIMARY KEY,
  owner_uid TEXT NOT NULL,
  token TEXT NOT NULL,
  email TEXT NOT NULL,
  email_key TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('administrador', 'tecnico', 'leitura')),
  status TEXT NOT NULL CHECK (status IN ('pendente', 'aceito', 'revogado')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  invited_by_uid TEXT NOT NULL,
  invited_by_name TEXT NOT NULL,
  accepted_by_uid TEXT,
  version INTEGER NOT NULL DEFAULT 1,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX invitation_token ON invitation (token);
CREATE INDEX invitation_owner_created ON invitation (owner_uid, created_at);
CREATE INDEX invitation_owner_email ON invitation (owner_uid, email_key);

-- An e-mail the demo "sent" for an account (Equipe → E-mails enviados); `link` is a portal path.
CREATE TABLE mail (
  id TEXT PRIMARY KEY,
  owner_uid TEXT NOT NULL,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  link TEXT NOT NULL,
  sent_at INTEGER NOT NULL
);
CREATE INDEX mail_owner_sent ON mail (owner_uid, sent_at);

-- The back office's notifications (staff's, no owner). `subject_*`: the record it is about (kind order |
-- assembler | vpn-user), all NULL when none. `key`: a notification raised by a condition is raised once per key.
CREATE TABLE notification (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  message TEXT NOT NULL,
  subject_kind TEXT,
  subject_id TEXT,
  subject_label TEXT,
  key TEXT,
  read INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX notification_key ON notification (key) WHERE key IS NOT NULL;
CREATE INDEX notification_unread ON notification (read, created_at);

-- The landing page's newsletter: e-mails lower-cased, once each.
CREATE TABLE newsletter (
  email TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL
);

-- E-mails are compared without case when inviting and accepting (the core tables keep them as typed).
CREATE INDEX team_member_email_key ON team_member (lower(email));
CREATE INDEX assembler_email_key ON assembler (lower(email));
