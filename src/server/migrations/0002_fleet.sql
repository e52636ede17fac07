-- The fleet: a builder's client factories (customer), machine models and machines. Each owned table has the
-- owner first in its indexes (every query of owned data names it), a folded `search` / `search_compact` text for
-- the list's search, and folded `*_key` columns for text sorts (pt-BR order without a collation).

CREATE TABLE customer (
  id TEXT PRIMARY KEY,
  owner_uid TEXT NOT NULL,
  name TEXT NOT NULL,
  trade_name TEXT NOT NULL DEFAULT '',
  cnpj TEXT NOT NULL,
  email TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  uf TEXT NOT NULL DEFAULT '',
  name_key TEXT NOT NULL,
  trade_name_key TEXT NOT NULL,
  city_key TEXT NOT NULL,
  search TEXT NOT NULL,
  search_compact TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX customer_owner_cnpj ON customer (owner_uid, cnpj);
CREATE INDEX customer_owner_name ON customer (owner_uid, name_key, id);
CREATE INDEX customer_owner_trade_name ON customer (owner_uid, trade_name_key, id);
CREATE INDEX customer_owner_city ON customer (owner_uid, city_key, id);
CREATE INDEX customer_owner_created ON customer (owner_uid, created_at, id);
CREATE INDEX customer_owner_uf ON customer (owner_uid, uf, name_key, id);

CREATE TABLE machine_model (
  id TEXT PRIMARY KEY,
  owner_uid TEXT NOT NULL,
  name TEXT NOT NULL,
  manufacturer TEXT NOT NULL DEFAULT '',
  category TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  -- JSON array of { name, protocol, port }
  services TEXT NOT NULL DEFAULT '[]',
  name_key TEXT NOT NULL,
  manufacturer_key TEXT NOT NULL,
  category_key TEXT NOT NULL,
  search TEXT NOT NULL,
  search_compact TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX machine_model_owner_name ON machine_model (owner_uid, name_key, id);
CREATE INDEX machine_model_owner_manufacturer ON machine_model (owner_uid, manufacturer_key, id);
CREATE INDEX machine_model_owner_category ON machine_model (owner_uid, category_key, id);
CREATE INDEX machine_model_owner_created ON machine_model (owner_uid, created_at, id);

CREATE TABLE machine (
  id TEXT PRIMARY KEY,
  owner_uid TEXT NOT NULL,
  name TEXT NOT NULL,
  serial_number TEXT NOT NULL,
  model_id TEXT NOT NULL,
  customer_id TEXT,
  device_id TEXT,
  site TEXT NOT NULL DEFAULT '',
  lan_subnet TEXT NOT NULL DEFAULT '',
  -- JSON array of { name, protocol, port }; NULL: the model's
  services TEXT,
  name_key TEXT NOT NULL,
  -- folded serial number: the serialNumber sort ('' when none)
  serial_number_key TEXT NOT NULL DEFAULT '',
  site_key TEXT NOT NULL,
  search TEXT NOT NULL,
  search_compact TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
-- Not unique: the serial number is optional and the portal has never refused a repeated one.
CREATE INDEX machine_owner_serial ON machine (owner_uid, serial_number_key, id);
CREATE INDEX machine_owner_name ON machine (owner_uid, name_key, id);
CREATE INDEX machine_owner_site ON machine (owner_uid, site_key, id);
CREATE INDEX machine_owner_created ON machine (owner_uid, created_at, id);
CREATE INDEX machine_owner_customer ON machine (owner_uid, customer_id, name_key, id);
CREATE INDEX machine_owner_model ON machine (owner_uid, model_id, name_key, id);
CREATE INDEX machine_owner_device ON machine (owner_uid, device_id);
