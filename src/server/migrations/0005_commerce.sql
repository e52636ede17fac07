-- Commerce (portal side): a builder's delivery addresses, the catalog, orders (purchase_order, with its items,
-- timeline and charge) and the payment platform's events. Money is integer centavos; times are epoch ms.
-- Payment methods, platforms and discount rules are in 0006_payments.sql.

CREATE TABLE address (
  id TEXT PRIMARY KEY,
  owner_uid TEXT NOT NULL,
  label TEXT NOT NULL DEFAULT '',
  -- masked: 01310-100
  cep TEXT NOT NULL,
  street TEXT NOT NULL,
  number TEXT NOT NULL,
  complement TEXT NOT NULL DEFAULT '',
  district TEXT NOT NULL,
  city TEXT NOT NULL,
  uf TEXT NOT NULL,
  -- exactly one of an owner's addresses is the default while it has any (0/1)
  is_default INTEGER NOT NULL DEFAULT 0,
  label_key TEXT NOT NULL,
  street_key TEXT NOT NULL,
  city_key TEXT NOT NULL,
  search TEXT NOT NULL,
  search_compact TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX address_owner_label ON address (owner_uid, label_key, id);
CREATE INDEX address_owner_street ON address (owner_uid, street_key, id);
CREATE INDEX address_owner_city ON address (owner_uid, city_key, id);
CREATE INDEX address_owner_created ON address (owner_uid, created_at, id);
CREATE INDEX address_owner_updated ON address (owner_uid, updated_at, id);
CREATE UNIQUE INDEX address_owner_default ON address (owner_uid) WHERE is_default = 1;

-- The catalog: not owned (every account buys from the same one). `position` is the catalog's order.
CREATE TABLE product (
  id TEXT PRIMARY KEY,
  sku TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL CHECK (kind IN ('gateway', 'plan')),
  unit_price INTEGER NOT NULL,
  -- most units of this product one order may carry
  stock_limit INTEGER NOT NULL,
  -- the hardware model of the devices a gateway provisions (NULL for a plan)
  hardware_model TEXT,
  active INTEGER NOT NULL DEFAULT 1,
  position INTEGER NOT NULL DEFAULT 0,
  version INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX product_sku ON product (sku);
CREATE INDEX product_active ON product (active, kind, position, id);

-- An order ("Pedido", #1008). The delivery address and the discount rule are snapshots; the charge (Pix code,
-- boleto, card brand and last four digits — never the card number) is on the row.
CREATE TABLE purchase_order (
  id TEXT PRIMARY KEY,
  owner_uid TEXT NOT NULL,
  number INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('aguardando-pagamento', 'pago', 'em-separacao', 'enviado', 'entregue', 'cancelado')),
  item_count INTEGER NOT NULL,
  subtotal INTEGER NOT NULL,
  discount INTEGER NOT NULL DEFAULT 0,
  discount_rule_id TEXT,
  discount_rule_name TEXT,
  discount_rule_percent INTEGER,
  shipping INTEGER NOT NULL DEFAULT 0,
  total INTEGER NOT NULL,
  -- the saved address it ships to (NULL once that address is gone) and its snapshot
  address_id TEXT,
  address_label TEXT NOT NULL DEFAULT '',
  address_cep TEXT NOT NULL,
  address_street TEXT NOT NULL,
  address_number TEXT NOT NULL,
  address_complement TEXT NOT NULL DEFAULT '',
  address_district TEXT NOT NULL,
  address_city TEXT NOT NULL,
  address_uf TEXT NOT NULL,
  -- the payment
  payment_method_id TEXT NOT NULL,
  payment_kind TEXT NOT NULL CHECK (payment_kind IN ('pix', 'boleto', 'cartao-credito')),
  payment_method_name TEXT NOT NULL,
  installments INTEGER NOT NULL DEFAULT 1,
  pix_code TEXT,
  pix_expires_at INTEGER,
  boleto_line TEXT,
  boleto_barcode TEXT,
  boleto_due_at INTEGER,
  card_brand TEXT,
  card_last4 TEXT,
  paid_at INTEGER,
  -- the buyer said "Já paguei" at this time: the platform is confirming
  confirming_since INTEGER,
  -- demo platform only: it confirms the payment at this time (internal, never sent)
  pays_at INTEGER,
  tracking_code TEXT,
  cancel_reason TEXT,
  -- folded "#1008 1008" (search by number)
  search TEXT NOT NULL,
  search_compact TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX purchase_order_number ON purchase_order (number);
CREATE INDEX purchase_order_owner_created ON purchase_order (owner_uid, created_at, id);
CREATE INDEX purchase_order_owner_number ON purchase_order (owner_uid, number);
CREATE INDEX purchase_order_owner_total ON purchase_order (owner_uid, total, id);
CREATE INDEX purchase_order_owner_status ON purchase_order (owner_uid, status, created_at, id);
CREATE INDEX purchase_order_owner_address ON purchase_order (owner_uid, address_id, status);
-- back office (all accounts): newest first, by status, by payment kind, by total
CREATE INDEX purchase_order_created ON purchase_order (created_at, id);
CREATE INDEX purchase_order_status ON purchase_order (status, created_at, id);
CREATE INDEX purchase_order_payment_kind ON purchase_order (payment_kind, created_at, id);
CREATE INDEX purchase_order_total ON purchase_order (total, id);
-- the demo platform's due confirmations
CREATE INDEX purchase_order_owner_pays_at ON purchase_order (owner_uid, pays_at) WHERE pays_at IS NOT NULL;
CREATE INDEX purchase_order_pays_at ON purchase_order (pays_at) WHERE pays_at IS NOT NULL;

-- An order's lines, as priced when the order was made (`line` keeps the order the buyer chose).
CREATE TABLE order_item (
  order_id TEXT NOT NULL,
  line INTEGER NOT NULL,
  owner_uid TEXT NOT NULL,
  product_id TEXT NOT NULL,
  sku TEXT NOT NULL,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('gateway', 'plan')),
  quantity INTEGER NOT NULL,
  unit_price INTEGER NOT NULL,
  PRIMARY KEY (order_id, line)
);
CREATE INDEX order_item_owner_order ON order_item (owner_uid, order_id);
CREATE INDEX order_item_product ON order_item (product_id);

-- Every status an order went through, when and by whom (oldest first: ORDER BY at, id).
CREATE TABLE order_timeline (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id TEXT NOT NULL,
  owner_uid TEXT NOT NULL,
  status TEXT NOT NULL,
  at INTEGER NOT NULL,
  actor_kind TEXT NOT NULL CHECK (actor_kind IN ('cliente', 'equipe', 'sistema')),
  actor_name TEXT NOT NULL,
  note TEXT
);
CREATE INDEX order_timeline_order ON order_timeline (owner_uid, order_id, at, id);

-- What the payment platform sent (POST /payment-webhook), once per event id: the same event twice has one effect.
CREATE TABLE payment_event (
  event_id TEXT PRIMARY KEY,
  order_id TEXT,
  type TEXT NOT NULL,
  -- what it did: 'applied' (the order became paid) or 'ignored' (unknown order, already paid or cancelled…)
  outcome TEXT NOT NULL,
  -- why it was ignored ('unknown-order', 'not-awaiting-payment', 'amount-mismatch'); NULL when applied
  reason TEXT,
  body TEXT NOT NULL,
  received_at INTEGER NOT NULL
);
CREATE INDEX payment_event_order ON payment_event (order_id, received_at);
