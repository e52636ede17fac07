-- Issue 35, item 3: no link token kept in clear. An invitation's `token` column now holds the hex SHA-256 of the
-- token in its link (as the factory's approval links and the newsletter's already do); the token itself is only in
-- the answer that created (or resent) the invitation and in its e-mail. Tokens stored in clear before this are
-- unusable from now on (the Administrador resends the invitation: a new link); they are replaced by a value no
-- link hashes to (unique, as the index needs).
UPDATE invitation SET token = 'cleared:' || id WHERE length(token) <> 64 OR token GLOB '*[^0-9a-f]*';

-- The e-mails' rows keep a link only in demo mode (the demo mailbox shows it); links kept before are dropped
-- (a demo reset writes its mailbox again).
UPDATE mail SET link = '';
