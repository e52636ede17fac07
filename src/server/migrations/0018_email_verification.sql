-- Issue 35 (sign-up that cannot be abused): a company registered by an account whose e-mail is not yet verified only
-- holds its CNPJ until `held_until` (registration + 48 h). Verifying the e-mail (the next GET /me with a token whose
-- `email_verified` is true) clears it; NULL means kept (verified, a Google sign-in, or registered before this
-- migration). Past `held_until`, the daily purge (or a new registration of the same CNPJ) releases the company.
ALTER TABLE assembler ADD COLUMN held_until INTEGER;
CREATE INDEX assembler_held_until ON assembler (held_until) WHERE held_until IS NOT NULL;
