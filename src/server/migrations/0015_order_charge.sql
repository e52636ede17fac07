-- A card charge belongs to one order (issue 35): the payment platform's charge id is kept on the order it paid, and
-- no second order may name it. The order's INSERT also checks it (orders/create.ts); this index is the last word.
ALTER TABLE purchase_order ADD COLUMN card_charge_id TEXT;
CREATE UNIQUE INDEX purchase_order_card_charge ON purchase_order (card_charge_id) WHERE card_charge_id IS NOT NULL;
