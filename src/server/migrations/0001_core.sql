-- Core tables both Workers rely on: accounts (builders), staff, team members (who acts on which account, with
-- which role), id sequences and idempotency keys. Times are epoch milliseconds; money is integer centavos.

CREATE TABLE assembler (
  uid TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  cnpj TEXT NOT NULL,
  email TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX assembler_cnpj ON assembler (cnpj);

CREATE TABLE staff (
  uid TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL
);

-- A person of an account; the builder who registered is one too (uid = account_uid), its first Administrador.
CREATE TABLE team_member (
  uid TEXT PRIMARY KEY,
  account_uid TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('administrador', 'tecnico', 'leitura')),
  joined_at INTEGER NOT NULL,
  last_access_at INTEGER,
  version INTEGER NOT NULL DEFAULT 1,
  updated_at INTEGER NOT NULL
);
CREATE INDEX team_member_account ON team_member (account_uid, name);
CREATE UNIQUE INDEX team_member_email ON team_member (email);

-- Readable ids ('customer-1049'): the next number per kind.
CREATE TABLE id_sequence (
  kind TEXT PRIMARY KEY,
  next INTEGER NOT NULL
);

-- A create's Idempotency-Key, per account: the request's hash and, once done, the answer (kept 24 h).
-- status 0 = still running (claimed by the request that inserted the row).
CREATE TABLE idempotency_key (
  owner_uid TEXT NOT NULL,
  key TEXT NOT NULL,
  scope TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 0,
  body TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (owner_uid, key)
);
CREATE INDEX idempotency_key_created ON idempotency_key (created_at);
