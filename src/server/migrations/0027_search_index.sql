-- Issue 39: the list searches on an index. Each searchable table gets an FTS5 index with the trigram tokenizer over
-- its `search_compact` column (external content: the text stays in the table, the index keeps only its trigrams,
-- keyed by the table's rowid), kept by triggers so that every write — the API's, the demo reset's, a purge —
-- updates it in the same statement. A query asks the index for candidate rowids (a phrase MATCH: a substring of the
-- text without masks, which every field holding the needle holds too) and keeps the table's own `LIKE … ESCAPE` as
-- the exact test, so the results are the scan's (src/server/shared/search.ts). One column, not `search` too: half
-- the writes, and `search_compact` finds every row `search` would. Existing rows are indexed by 'rebuild'.
--
-- An external-content index follows the rowid: a table without INTEGER PRIMARY KEY may get new rowids from a VACUUM
-- (D1 does not run one) or an import; after such a copy run `INSERT INTO <table>_search(<table>_search) VALUES('rebuild')`.

CREATE VIRTUAL TABLE customer_search USING fts5(search_compact, content='customer', content_rowid='rowid', tokenize='trigram', columnsize=0);
CREATE TRIGGER customer_search_insert AFTER INSERT ON customer BEGIN
  INSERT INTO customer_search (rowid, search_compact) VALUES (new.rowid, new.search_compact);
END;
CREATE TRIGGER customer_search_delete AFTER DELETE ON customer BEGIN
  INSERT INTO customer_search (customer_search, rowid, search_compact) VALUES ('delete', old.rowid, old.search_compact);
END;
CREATE TRIGGER customer_search_update AFTER UPDATE OF search_compact ON customer BEGIN
  INSERT INTO customer_search (customer_search, rowid, search_compact) VALUES ('delete', old.rowid, old.search_compact);
  INSERT INTO customer_search (rowid, search_compact) VALUES (new.rowid, new.search_compact);
END;
INSERT INTO customer_search (customer_search) VALUES ('rebuild');

CREATE VIRTUAL TABLE machine_search USING fts5(search_compact, content='machine', content_rowid='rowid', tokenize='trigram', columnsize=0);
CREATE TRIGGER machine_search_insert AFTER INSERT ON machine BEGIN
  INSERT INTO machine_search (rowid, search_compact) VALUES (new.rowid, new.search_compact);
END;
CREATE TRIGGER machine_search_delete AFTER DELETE ON machine BEGIN
  INSERT INTO machine_search (machine_search, rowid, search_compact) VALUES ('delete', old.rowid, old.search_compact);
END;
CREATE TRIGGER machine_search_update AFTER UPDATE OF search_compact ON machine BEGIN
  INSERT INTO machine_search (machine_search, rowid, search_compact) VALUES ('delete', old.rowid, old.search_compact);
  INSERT INTO machine_search (rowid, search_compact) VALUES (new.rowid, new.search_compact);
END;
INSERT INTO machine_search (machine_search) VALUES ('rebuild');

CREATE VIRTUAL TABLE device_search USING fts5(search_compact, content='device', content_rowid='rowid', tokenize='trigram', columnsize=0);
CREATE TRIGGER device_search_insert AFTER INSERT ON device BEGIN
  INSERT INTO device_search (rowid, search_compact) VALUES (new.rowid, new.search_compact);
END;
CREATE TRIGGER device_search_delete AFTER DELETE ON device BEGIN
  INSERT INTO device_search (device_search, rowid, search_compact) VALUES ('delete', old.rowid, old.search_compact);
END;
CREATE TRIGGER device_search_update AFTER UPDATE OF search_compact ON device BEGIN
  INSERT INTO device_search (device_search, rowid, search_compact) VALUES ('delete', old.rowid, old.search_compact);
  INSERT INTO device_search (rowid, search_compact) VALUES (new.rowid, new.search_compact);
END;
INSERT INTO device_search (device_search) VALUES ('rebuild');

CREATE VIRTUAL TABLE purchase_order_search USING fts5(search_compact, content='purchase_order', content_rowid='rowid', tokenize='trigram', columnsize=0);
CREATE TRIGGER purchase_order_search_insert AFTER INSERT ON purchase_order BEGIN
  INSERT INTO purchase_order_search (rowid, search_compact) VALUES (new.rowid, new.search_compact);
END;
CREATE TRIGGER purchase_order_search_delete AFTER DELETE ON purchase_order BEGIN
  INSERT INTO purchase_order_search (purchase_order_search, rowid, search_compact) VALUES ('delete', old.rowid, old.search_compact);
END;
CREATE TRIGGER purchase_order_search_update AFTER UPDATE OF search_compact ON purchase_order BEGIN
  INSERT INTO purchase_order_search (purchase_order_search, rowid, search_compact) VALUES ('delete', old.rowid, old.search_compact);
  INSERT INTO purchase_order_search (rowid, search_compact) VALUES (new.rowid, new.search_compact);
END;
INSERT INTO purchase_order_search (purchase_order_search) VALUES ('rebuild');

-- Sorts a page is walked in (issue 39, shared/list.ts pageRowids): the machine's optional columns sort their empty
-- values last (machines/sort.ts, sortMissingLast), so their index leads with that same expression; the gateways'
-- status sort is "online first" (status descending, then id ascending).
CREATE INDEX machine_owner_serial_sort ON machine (owner_uid, (serial_number_key IS NULL OR serial_number_key = ''), serial_number_key, id);
CREATE INDEX machine_owner_site_sort ON machine (owner_uid, (site_key IS NULL OR site_key = ''), site_key, id);
CREATE INDEX device_owner_status_sort ON device (owner_uid, status DESC, id);
-- The back office's machines (every builder's), by name.
CREATE INDEX machine_name ON machine (name_key, id);
