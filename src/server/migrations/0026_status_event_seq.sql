-- The gateway alerts' cursor (src/server/main/alerts/gateways.ts) reads device_status_event in the order its rows
-- were written. Its rowid cannot serve: the table has a TEXT primary key and no AUTOINCREMENT, so once the newest
-- row is deleted (an erased account, a purge) the next insert reuses its rowid, behind the cursor, and that
-- transition would never alert. `seq` is never reused: a trigger gives each new row the next number of the
-- counter `id_sequence` 'device-status-event-seq', which only grows. (AUTOINCREMENT needs the table rebuilt.)
ALTER TABLE device_status_event ADD COLUMN seq INTEGER;
-- The rows written so far keep their order, and the cursor its position (it held their rowid).
UPDATE device_status_event SET seq = rowid;
CREATE UNIQUE INDEX device_status_event_seq ON device_status_event (seq);
-- `WHERE true`: SQLite's upsert after a SELECT needs a WHERE to parse.
INSERT INTO id_sequence (kind, next)
SELECT 'device-status-event-seq', coalesce(max(rowid), 0) FROM device_status_event WHERE true
ON CONFLICT (kind) DO UPDATE SET next = max(next, excluded.next);
CREATE TRIGGER device_status_event_seq AFTER INSERT ON device_status_event
BEGIN
  INSERT INTO id_sequence (kind, next) VALUES ('device-status-event-seq', 1)
  ON CONFLICT (kind) DO UPDATE SET next = next + 1;
  UPDATE device_status_event SET seq = (SELECT next FROM id_sequence WHERE kind = 'device-status-event-seq') WHERE rowid = NEW.rowid;
END;
