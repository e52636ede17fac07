-- Remote access (issue 25, items 3 and 5): the traffic of a session as its VPN node reports it (bytes received from
-- and sent to the engineer's peer; the demo's simulated node makes them grow while the session is active) and when
-- they were last counted. Staff (back office → VPN → "Sessões") list every builder's active sessions: by status and
-- window end, across owners.

ALTER TABLE remote_access_session ADD COLUMN bytes_in INTEGER NOT NULL DEFAULT 0;
ALTER TABLE remote_access_session ADD COLUMN bytes_out INTEGER NOT NULL DEFAULT 0;
ALTER TABLE remote_access_session ADD COLUMN bytes_at INTEGER;
CREATE INDEX remote_access_session_active_all ON remote_access_session (status, window_end, id);
