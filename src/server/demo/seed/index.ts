/**
 * Every resource's seed rows, in the order they are inserted (one line per resource module). A source may also
 * take the reset's context (its `now`, the Worker's environment: e.g. SECRETS_KEY to encrypt a seeded secret)
 * and may be async.
 */
import type { DemoData } from '@/seed/data';
import type { Env } from '../../shared/env';
import type { SeedSource, SeedTable } from './types';
import { fleetSeed } from './fleet';
import { accountSeed } from './account';
import { devicesSeed } from './devices';
import { vpnSeed } from './vpn';
import { paymentsSeed } from './payments';
import { commerceSeed } from './commerce';
import { alertsSeed } from './alerts';
import { auditSeed } from './audit';
import { webhooksSeed } from './webhooks';
import { termsSeed } from './terms';

/** What a reset gives every source besides the demo's data. */
export interface SeedContext {
  /** The anchor of every seeded time (the seed was built with it). */
  now: number;
  env: Env;
}

/** A `SeedSource`, or one that needs the context or is async. */
export type ResetSeedSource = SeedSource | ((data: DemoData, context: SeedContext) => SeedTable[] | Promise<SeedTable[]>);

export const SEED_SOURCES: ResetSeedSource[] = [accountSeed, fleetSeed, devicesSeed, vpnSeed, paymentsSeed, commerceSeed, alertsSeed, auditSeed, webhooksSeed, termsSeed];
