-- The newsletter's double opt-in (LGPD, issue #26): a subscription is `pendente` until the link of its confirmation
-- e-mail is opened (`ativo`), and `cancelado` once any unsubscribe link is opened. Each consent is kept with its time
-- and the version of the Política de Privacidade then in force. Links carry random tokens; only their SHA-256 (hex)
-- is kept. Rows of 0004 (subscribed before consent was asked) read as `pendente` without a token: subscribing
-- again asks consent and sends the confirmation.
ALTER TABLE newsletter ADD COLUMN status TEXT NOT NULL DEFAULT 'pendente' CHECK (status IN ('pendente', 'ativo', 'cancelado'));
ALTER TABLE newsletter ADD COLUMN consent_at INTEGER;
ALTER TABLE newsletter ADD COLUMN policy_version TEXT;
-- The pending confirmation's token (hash) and its end; kept after confirming, so the link opened again says so.
ALTER TABLE newsletter ADD COLUMN confirm_token_hash TEXT;
ALTER TABLE newsletter ADD COLUMN confirm_expires_at INTEGER;
ALTER TABLE newsletter ADD COLUMN confirmed_at INTEGER;
ALTER TABLE newsletter ADD COLUMN unsubscribed_at INTEGER;
ALTER TABLE newsletter ADD COLUMN updated_at INTEGER;
CREATE UNIQUE INDEX newsletter_confirm_token ON newsletter (confirm_token_hash) WHERE confirm_token_hash IS NOT NULL;

-- One unsubscribe token per e-mail sent (every newsletter e-mail carries its own link); any of an address's tokens
-- cancels that address's subscription. Never expire: the link must work for as long as the e-mail is kept.
CREATE TABLE newsletter_unsubscribe_token (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX newsletter_unsubscribe_token_email ON newsletter_unsubscribe_token (email);

-- The demo's public mailbox (demo mode only: GET /demo/newsletter-mailbox?email=): the newsletter e-mails it "sent",
-- with their links (a landing path each). Outside demo mode nothing is written here (no e-mail provider yet).
CREATE TABLE newsletter_mail (
  id TEXT PRIMARY KEY,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  link TEXT,
  unsubscribe_link TEXT NOT NULL,
  sent_at INTEGER NOT NULL
);
CREATE INDEX newsletter_mail_to_sent ON newsletter_mail (to_address, sent_at);
