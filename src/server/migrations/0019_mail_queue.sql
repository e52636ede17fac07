-- Issue 37 (e-mail that leaves): every e-mail is a row here, written in the batch of the change that sends it (the
-- outbox), then put on the Cloudflare Queue `ponte-mail`, whose consumer sends it through the provider's HTTP API
-- (src/server/main/mail/). The row says where it stands, for staff (back office → E-mails):
--   status 'na-fila' (queued or waiting for a retry), 'enviado' (the provider took it; in demo mode: delivered to the
--   demo mailbox), 'falhou' (refused by the provider, or retried until the limit); attempts, the last error
--   (the provider's status and a short reason, never the message), when it was delivered.
-- Rows written before this migration were never sent anywhere but the demo mailbox: they read 'enviado'.
ALTER TABLE mail ADD COLUMN kind TEXT NOT NULL DEFAULT 'convite';
ALTER TABLE mail ADD COLUMN status TEXT NOT NULL DEFAULT 'enviado';
ALTER TABLE mail ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE mail ADD COLUMN last_error TEXT;
ALTER TABLE mail ADD COLUMN delivered_at INTEGER;
CREATE INDEX mail_status_sent ON mail (status, sent_at);
CREATE INDEX mail_sent ON mail (sent_at);

-- The newsletter's e-mails (no account): written in every mode now (the link and the unsubscribe link only in demo
-- mode, as the mail rows), with the same delivery columns.
ALTER TABLE newsletter_mail ADD COLUMN status TEXT NOT NULL DEFAULT 'enviado';
ALTER TABLE newsletter_mail ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE newsletter_mail ADD COLUMN last_error TEXT;
ALTER TABLE newsletter_mail ADD COLUMN delivered_at INTEGER;
CREATE INDEX newsletter_mail_status_sent ON newsletter_mail (status, sent_at);
