-- LGPD (issue #26): Configurações → "Privacidade e dados". A deleted account keeps its company row (name and CNPJ:
-- what the fiscal records of its orders need) with `deleted_at` set; its people keep an anonymised team_member row,
-- so that every later request of the owner or of any member is refused (403 "Esta conta foi excluída.").
ALTER TABLE assembler ADD COLUMN deleted_at INTEGER;

-- The data export running for an account (one at a time: a second one asked meanwhile is refused with 409). The row
-- is removed when the archive is made; one older than a minute is stale (a Worker that died) and taken over.
CREATE TABLE account_export (
  owner_uid TEXT PRIMARY KEY,
  started_at INTEGER NOT NULL
);
