/**
 * Demo mode (`DEMO=true`, shared/env.ts) and the one seam through which the rest of the server learns what it
 * changes: routes ask {@link demoMode} for a named concern, never `env.DEMO` or {@link isDemo} themselves (only
 * src/server/demo reads the switch). Outside demo mode every concern is off.
 */
import type { Env } from '../shared/env';

/** `DEMO=true`: the demo's routes (reset, mailbox, simulations) answer. Only src/server/demo calls it. */
export function isDemo(env: Pick<Env, 'DEMO'>): boolean {
  return env.DEMO === 'true';
}

/** What demo mode changes, one flag per concern (all true in demo mode, all false outside it). */
export interface DemoMode {
  /** The demo's mailbox routes (team invitations, newsletter) answer; outside demo mode they are 404. */
  readonly servesMailbox: boolean;
  /**
   * The e-mails the demo's mailbox shows keep what a real mail server would deliver: an invitation's or a factory
   * request's link (with its token), a newsletter letter itself. Outside demo mode the token is never stored.
   */
  readonly keepsMailLinks: boolean;
  /**
   * A stand-in hub reports what a real one would, settled on read: a downloaded configuration's handshake (VPN
   * users, remote-access profiles, their traffic) and a never-connected gateway coming online.
   */
  readonly standInHub: boolean;
  /** The demo payment platform confirms a "Já paguei" after a delay (signed webhook); reads settle due payments. */
  readonly simulatedPlatform: boolean;
  /** A setting missing from the environment falls back to the local runner's default (shared/settings.ts). */
  readonly settingDefaults: boolean;
  /**
   * The mail queue's consumer delivers each e-mail to the demo mailbox (its row, marked sent) instead of the
   * provider's API (src/server/main/mail/consumer.ts): nothing leaves a demo.
   */
  readonly deliversToMailbox: boolean;
  /**
   * A webhook may point at the demo's own receiver (`DEMO_WEBHOOK_RECEIVER_URL`, plain http on loopback locally),
   * the one URL outside the public-HTTPS rule (src/server/main/webhooks/address.ts); its routes answer.
   */
  readonly allowsDemoWebhookReceiver: boolean;
}

/** What demo mode changes for a Worker with `env`. */
export function demoMode(env: Pick<Env, 'DEMO'>): DemoMode {
  const on = isDemo(env);
  return { servesMailbox: on, keepsMailLinks: on, standInHub: on, simulatedPlatform: on, settingDefaults: on, deliversToMailbox: on, allowsDemoWebhookReceiver: on };
}
