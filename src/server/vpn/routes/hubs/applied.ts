/**
 * Waiting for a hub to apply a change (issue 34, "Gerar acesso" → first packet ≤ 5 s).
 *
 * WireGuard retries a handshake the hub dropped only after 5 s (REKEY_TIMEOUT). A profile handed out before the hub
 * has the new peer makes the engineer's first handshake one the hub drops, so the first packet waits those 5 s. The
 * profile route therefore waits — at most `HUB_APPLY_WAIT_MS` — until the hub reports the state version that carries
 * the session. A hub that has not reported within its online window (never registered, stopped, the demo's
 * stand-in) is not waited for: the answer goes at once, as before.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../shared/app-env';
import { vpnHub } from '../../db/vpn-schema';
import { HUB_ONLINE_WINDOW_MS } from './queries';
import { hubDesiredState } from './state';

/** The longest a profile waits for its hub (its poll is every 2 s by default, plus the apply and the report). */
export const HUB_APPLY_WAIT_MS = 3_000;
/** How often the hub's row is read again while waiting. */
const RECHECK_MS = 100;

export type HubApplyWait = 'applied' | 'hub-offline' | 'timed-out';

export interface HubApplyWaitOptions {
  /** The clock (ms); tests pass their own. */
  clock?: () => number;
  /** Waits `ms`; tests pass their own. */
  sleep?: (ms: number) => Promise<void>;
  limitMs?: number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function hubRow(db: Db, hubId: string) {
  const [row] = await db
    .select({ appliedVersion: vpnHub.appliedVersion, lastReportAt: vpnHub.lastReportAt, endpointPort: vpnHub.endpointPort })
    .from(vpnHub)
    .where(eq(vpnHub.id, hubId))
    .limit(1);
  return row ?? null;
}

/**
 * Waits until the hub reports the version of its desired state as it is now (which carries the change just
 * written), a bounded number of re-reads. Answers why it stopped waiting; never throws for a slow hub.
 */
export async function waitForHubApply(db: Db, hubId: string, options: HubApplyWaitOptions = {}): Promise<HubApplyWait> {
  const clock = options.clock ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const limitMs = options.limitMs ?? HUB_APPLY_WAIT_MS;
  const started = clock();
  const first = await hubRow(db, hubId);
  if (!first || first.lastReportAt === null || started - first.lastReportAt > HUB_ONLINE_WINDOW_MS) return 'hub-offline';
  const { version } = await hubDesiredState(db, { id: hubId, endpointPort: first.endpointPort }, started);
  let row: typeof first | null = first;
  const rounds = Math.ceil(limitMs / RECHECK_MS);
  for (let round = 0; round <= rounds; round += 1) {
    if (row?.appliedVersion === version) return 'applied';
    if (round === rounds || clock() - started >= limitMs) break;
    await sleep(RECHECK_MS);
    row = await hubRow(db, hubId);
  }
  return 'timed-out';
}
