import { landingPatterns, portalPatterns } from './paths';

/**
 * Paths with a credential in them: whoever holds the link can use it, so the value never leaves the browser in an
 * error report (src/lib/scrub.ts puts the parameter's name in its place wherever it appears, encoded or not). The
 * screens' routes and the API paths the browser requests with the same value. A new route or endpoint with a
 * secret in its path is added here.
 */
export const SECRET_PATH_PATTERNS: readonly string[] = [
  // An invitation's link (src/features/team), and the API's old path (its token now goes in the body: POST
  // /invitation/open and /invitation/accept).
  portalPatterns.invite,
  '/invitation/:token',
  // A gateway's setup code, printed on its label (the QR code opens the portal on it), and its API lookup.
  portalPatterns.setup,
  '/device/setup/:code',
  // The factory's approval of a remote access (the link e-mailed to the customer), and the API's old path (the token
  // now goes in the body: POST /factory-approval/open and /factory-approval/decision).
  portalPatterns.factoryApproval,
  '/factory-approval/:token',
  // The newsletter's e-mail links on the landing (the API gets their token in the body, never in a path).
  landingPatterns.newsletterConfirm,
  landingPatterns.newsletterCancel,
];

