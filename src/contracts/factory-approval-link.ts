/**
 * The factory's approval page the e-mail links to (the token is the last segment): the server builds the link,
 * config/paths names the route. A module of its own, without zod: config/paths is in every area's first load.
 */
/** The portal's page of the link (the e-mail's link is this path and the token). */
export const FACTORY_APPROVAL_LINK = '/aprovacao-acesso';

/** The link's path in the portal (as the demo mailbox lists it). */
export const factoryApprovalLink = (token: string) => `${FACTORY_APPROVAL_LINK}/${encodeURIComponent(token)}`;
