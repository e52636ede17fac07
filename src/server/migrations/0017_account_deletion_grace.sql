-- Account deletion that can be undone (issue 35, item 4): "Excluir conta" no longer erases at once. It schedules the
-- erasure 14 days later (one row per account); every Administrador is e-mailed, any of them may cancel it (the row
-- is removed) and the daily scheduled job erases the accounts whose day has come (deletion.ts), removing the row in
-- the same transaction. Who registered the company (its Titular) needs no column: it is the account's own uid.
CREATE TABLE account_deletion_request (
  owner_uid TEXT PRIMARY KEY,
  requested_by_uid TEXT NOT NULL,
  requested_by_name TEXT NOT NULL,
  requested_at INTEGER NOT NULL,
  erase_at INTEGER NOT NULL
);
CREATE INDEX account_deletion_request_due ON account_deletion_request (erase_at);
