/**
 * The end-to-end suite runs in lanes: one Playwright worker per lane, each lane with a backend of its own (the three
 * Workers on their own D1, scripts/e2e-workers.mjs) and its own production build served on its own port, made for
 * that backend's URLs. A test resets only its lane's backend (support.ts), so lanes never see each other's data;
 * they share the Auth emulator, where every test that signs up uses a unique e-mail.
 *
 * Why: on this 2-core machine one lane keeps the CPU about a third busy (most of a test is waiting for the app's
 * own timers: retries, time-outs, the demo's device coming online), so the lanes run side by side.
 *
 * Ports: lane 0 is E2E_PORT (4173) with E2E_API_PORT / E2E_VPN_API_PORT / E2E_PAY_PORT (8797 / 8798 / 8799); lane i
 * adds i to the app's port and 30 × i to the Workers' (4174 with 8827–8829, 4175 with 8857–8859).
 */
export const CI = Boolean(process.env.CI);

/** How many lanes (Playwright workers): E2E_WORKERS, else 3 in CI and 2 elsewhere; anything but a whole number ≥ 1 stops here. */
export const LANE_COUNT = laneCount(process.env.E2E_WORKERS);

function laneCount(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return CI ? 3 : 2;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) throw new Error(`E2E_WORKERS=${value}: use um número inteiro a partir de 1.`);
  return count;
}

const BASE_APP = Number(process.env.E2E_PORT ?? 4173);
const BASE_API = Number(process.env.E2E_API_PORT ?? 8797);
const BASE_VPN = Number(process.env.E2E_VPN_API_PORT ?? 8798);
const BASE_PAY = Number(process.env.E2E_PAY_PORT ?? BASE_VPN + 1);
const BASE_DIST = process.env.E2E_DIST ?? 'dist';

export interface Lane {
  index: number;
  appPort: number;
  apiPort: number;
  vpnPort: number;
  payPort: number;
  /** The folder of the lane's build (lane 0: E2E_DIST, default dist/; then dist-e2e-1, dist-e2e-2, …). */
  dist: string;
}

export function lane(index: number): Lane {
  return {
    index,
    appPort: BASE_APP + index,
    apiPort: BASE_API + 30 * index,
    vpnPort: BASE_VPN + 30 * index,
    payPort: BASE_PAY + 30 * index,
    dist: index === 0 ? BASE_DIST : `${BASE_DIST}-e2e-${index}`,
  };
}

/** This process's lane: Playwright gives each worker its TEST_PARALLEL_INDEX (kept when a worker is restarted). */
export const LANE = lane(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
