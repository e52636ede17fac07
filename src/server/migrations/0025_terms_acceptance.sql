-- Issue 38, item 4 (Termos de Uso a company can sign): which version of the terms each account accepted, when and by
-- whom — one row per account and version (a new version accepted adds a row: the history stays). The registration
-- (POST /assembler) records the version in force (src/contracts/terms.ts TERMS_VERSION); when it changes, an account
-- whose latest row is older is asked in the portal to accept the new one (POST /account/terms, an Administrador).
-- accepted_by_uid: the person (team member) who accepted; their name is read from the team, never copied here.
-- An account registered before this migration has no row: it is asked to accept the version in force.
CREATE TABLE terms_acceptance (
  owner_uid TEXT NOT NULL,
  terms_version TEXT NOT NULL,
  accepted_at INTEGER NOT NULL,
  accepted_by_uid TEXT NOT NULL,
  PRIMARY KEY (owner_uid, terms_version)
);
