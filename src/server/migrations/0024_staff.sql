-- Staff run by staff (issue 38, item 2): "Equipe interna" grants and revokes the `admin` claim through Firebase's
-- Admin REST API (src/server/shared/firebase-admin/); the `staff` table (0001) lists who holds it.
-- src/server/shared/db/staff-schema.ts.

-- Whose tokens are refused from when: "Revogar acesso" writes it (and Firebase's validSince revokes the person's
-- refresh tokens); `authenticate` (shared/access.ts) answers 401 to any token whose auth_time is older than
-- `revoked_at` (epoch ms), so the API closes at once instead of when the token expires. A new sign-in passes.
CREATE TABLE staff_revocation (
  uid TEXT PRIMARY KEY,
  revoked_at INTEGER NOT NULL
);

-- The Firebase identities of an erased account's people (account-data/deletion.ts writes them in the erasure's
-- batch); the daily job deletes each one from Firebase unless the person belongs to another account or is staff,
-- then removes its row; a failed attempt stays (attempts, last_error) and is tried again the next day.
CREATE TABLE identity_deletion (
  uid TEXT PRIMARY KEY,
  owner_uid TEXT NOT NULL,
  requested_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT
);
CREATE INDEX identity_deletion_requested ON identity_deletion (requested_at);
