/**
 * The landing's pages the newsletter's e-mails link to (the token is the last segment): the server builds the links,
 * config/paths names the routes. A module of its own: config/paths is in every area's first load.
 */
export const NEWSLETTER_LINKS = {
  confirm: '/newsletter/confirmar',
  cancel: '/newsletter/cancelar',
} as const;
