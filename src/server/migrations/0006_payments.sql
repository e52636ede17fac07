-- Payments configuration, managed by the staff for the whole platform (not owned: no owner_uid): payment
-- platforms (accounts at payment providers), payment methods (Pix, boleto, card — each on a platform) and
-- discount rules (a percent off from a minimum quantity, within a period). Times are epoch ms.

-- A platform's secret key is encrypted at rest (AES-GCM, key in env.SECRETS_KEY): base64 ciphertext and its
-- random 12-byte IV; only its last four characters are ever answered.
CREATE TABLE payment_platform (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  provider TEXT NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'producao')),
  public_key TEXT NOT NULL,
  -- base64 AES-GCM ciphertext (with its tag) and base64 IV; NULL while no key is stored
  secret_key_cipher TEXT,
  secret_key_iv TEXT,
  secret_key_last4 TEXT,
  enabled INTEGER NOT NULL DEFAULT 1,
  name_key TEXT NOT NULL,
  provider_key TEXT NOT NULL,
  search TEXT NOT NULL,
  search_compact TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX payment_platform_name ON payment_platform (name_key, id);
CREATE INDEX payment_platform_provider ON payment_platform (provider_key, id);
CREATE INDEX payment_platform_environment ON payment_platform (environment, id);
CREATE INDEX payment_platform_created ON payment_platform (created_at, id);
CREATE INDEX payment_platform_enabled ON payment_platform (enabled, name_key, id);

-- A payment method. The checkout offers the enabled ones whose platform is enabled (ordered by name_key).
CREATE TABLE payment_method (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('pix', 'boleto', 'cartao-credito')),
  platform_id TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1,
  -- 1 for Pix and boleto; 1..24 for a card
  max_installments INTEGER NOT NULL DEFAULT 1,
  name_key TEXT NOT NULL,
  -- folded pt-BR label of the kind ("cartao de credito"): the kind's sort
  kind_key TEXT NOT NULL,
  -- name and kind label (the platform's name is searched through payment_platform)
  search TEXT NOT NULL,
  search_compact TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX payment_method_name ON payment_method (name_key, id);
CREATE INDEX payment_method_kind ON payment_method (kind_key, id);
CREATE INDEX payment_method_installments ON payment_method (max_installments, id);
CREATE INDEX payment_method_created ON payment_method (created_at, id);
CREATE INDEX payment_method_enabled ON payment_method (enabled, name_key, id);
CREATE INDEX payment_method_platform ON payment_method (platform_id, name_key, id);

-- A discount rule. Active rules of overlapping periods form a ladder (a larger minimum, a larger percent); the
-- rules in force at t: active = 1 AND valid_from <= t AND (valid_until IS NULL OR valid_until >= t).
CREATE TABLE discount_rule (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  min_quantity INTEGER NOT NULL,
  -- whole percent, 1..50
  percent INTEGER NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  -- start of the first day and end of the last day (Brasília); valid_until NULL: no end
  valid_from INTEGER NOT NULL,
  valid_until INTEGER,
  name_key TEXT NOT NULL,
  search TEXT NOT NULL,
  search_compact TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX discount_rule_min_quantity ON discount_rule (min_quantity, id);
CREATE INDEX discount_rule_name ON discount_rule (name_key, id);
CREATE INDEX discount_rule_percent ON discount_rule (percent, id);
CREATE INDEX discount_rule_valid_from ON discount_rule (valid_from, id);
CREATE INDEX discount_rule_valid_until ON discount_rule (valid_until, id);
CREATE INDEX discount_rule_created ON discount_rule (created_at, id);
CREATE INDEX discount_rule_active ON discount_rule (active, valid_from, min_quantity);

-- Orders awaiting payment with a method (a method in use cannot be deleted; its answer counts them).
-- On 0005's purchase_order: the index the payment-method routes need.
CREATE INDEX purchase_order_payment_method_status ON purchase_order (payment_method_id, status);
