-- Content-Security-Policy violation reports (issue #26 item 7), sent by browsers to POST /csp-report (`report-to`,
-- `report-uri` as the fallback). Kept without personal data: URLs without query string or fragment and with secret
-- path segments (invitation tokens, setup codes, newsletter links) replaced by their names; no sample, no user agent,
-- no address. At most 10 000 rows (the oldest go first) and 90 days (the cron).
CREATE TABLE csp_report (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  received_at INTEGER NOT NULL,
  document_uri TEXT NOT NULL,
  referrer TEXT,
  blocked_uri TEXT,
  effective_directive TEXT NOT NULL,
  violated_directive TEXT,
  disposition TEXT NOT NULL CHECK (disposition IN ('enforce', 'report')),
  source_file TEXT,
  line_number INTEGER,
  column_number INTEGER,
  status_code INTEGER
);
CREATE INDEX csp_report_received ON csp_report (received_at);

-- The rate limit's counters, per minute: `bucket` is '*' (every client) or the SHA-256 of the client's address with
-- the day (never the address itself). Rows of past minutes are deleted with each new minute's first report.
CREATE TABLE csp_report_rate (
  bucket TEXT NOT NULL,
  minute INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (bucket, minute)
);
CREATE INDEX csp_report_rate_minute ON csp_report_rate (minute);
