-- The factory's approval of a remote access (issue 25, item 4): a customer (factory) may require it ("Exigir
-- aprovação da fábrica"); a request for one of its machines then waits — after an Administrador's approval, if the
-- account's policy asks one — for the factory, through a single-use link e-mailed to the customer. Only the link
-- token's SHA-256 is kept (the public page looks the request up by that hash).

ALTER TABLE customer ADD COLUMN require_factory_approval INTEGER NOT NULL DEFAULT 0;

-- A pending request's next approval: 'admin' | 'factory'; NULL once decided (and for every other status).
ALTER TABLE remote_access_session ADD COLUMN awaiting TEXT;

CREATE TABLE remote_access_factory_link (
  -- hex SHA-256 of the token in the e-mailed link (the token itself is never stored)
  token_hash TEXT PRIMARY KEY,
  owner_uid TEXT NOT NULL,
  session_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  -- the customer as it was when the link was sent (the decision's "who" in Histórico)
  customer_name TEXT NOT NULL,
  customer_email TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  -- set once, by the decision that used the link: approve | refuse
  used_at INTEGER,
  decision TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX remote_access_factory_link_session ON remote_access_factory_link (owner_uid, session_id);
