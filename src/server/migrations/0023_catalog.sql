-- The back office's catalog (issue 38, item 1): staff create and edit products ("Catálogo"). Seeds nothing: a new
-- deployment starts with an empty catalog (the demo's products come from the demo reset).
--
-- `image`: one of the fixed set of pictures (contracts/catalog.ts PRODUCT_IMAGES). `name_key`: the folded name the
-- list sorts by; `search` / `search_compact`: the folded name and SKU the list searches (written with the record).
-- The SKU is already unique (0005's product_sku); the back office stores it upper-case.
ALTER TABLE product ADD COLUMN image TEXT NOT NULL DEFAULT 'gateway'
  CHECK (image IN ('gateway-4g', 'gateway-ethernet', 'gateway-wifi', 'gateway', 'plan'));
ALTER TABLE product ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
ALTER TABLE product ADD COLUMN search TEXT NOT NULL DEFAULT '';
ALTER TABLE product ADD COLUMN search_compact TEXT NOT NULL DEFAULT '';

-- Products written before this migration: a picture by kind and their derived columns (lower-case; the next save
-- writes the folded ones).
UPDATE product SET
  image = CASE kind WHEN 'plan' THEN 'plan' ELSE 'gateway' END,
  name_key = lower(name),
  search = lower(name) || char(1) || lower(sku),
  search_compact = replace(replace(replace(lower(name), ' ', ''), '-', ''), '.', '') || char(1)
    || replace(replace(lower(sku), '-', ''), '.', '');

CREATE INDEX product_name_key ON product (name_key, id);
CREATE INDEX product_kind_name ON product (kind, name_key, id);
