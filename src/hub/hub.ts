/**
 * The hub's loop: poll the desired state, apply it when its version changes or an expiry passes (a timer at the
 * next one, so expiries happen on the hub's clock even with the API away), report, and fail static — an API error
 * keeps what is applied; a state that cannot be applied puts the previous one back and turns health red.
 */
import { MAX_HUB_REPORT_PEERS, type HubDesiredState, type HubReport } from '@/contracts/hub';
import type { HubApi } from './api';
import { applyWithRollback, cutConnections, diffFromDump, diffPeers, render, type PeerDiff, type Rendered } from './apply';
import { errorMessage, type Logger } from './log';
import { planState, type Plan } from './render-plan';
import { mustRun, type Runner } from './run';
import { saveState } from './store';
import type { HubNetwork } from './system';
import { parseWgDump, type WgDump } from './wg-dump';

/** A version that failed is tried again after this (not every poll). */
export const RETRY_FAILED_MS = 60_000;
/** The same API error is logged again at most this often. */
export const ERROR_LOG_EVERY_MS = 60_000;
const LOG_IDS = 50;
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface HubOptions {
  iface: string;
  stateDir: string;
  /** null: the state's port. */
  listenPort: number | null;
  pollIntervalMs: number;
  reportIntervalMs: number;
  runner: Runner;
  api: HubApi;
  logger: Logger;
  privateKey: string;
  publicKey: string;
  implementation: string;
  /** The interface's address and routes now (null: unknown). */
  network: HubNetwork | null;
  /** conntrack is installed (else connections of removed peers are not cut, with a warning at start). */
  conntrack: boolean;
  now?: () => number;
}

type Trouble = { message: string; count: number; loggedAt: number };

const ids = (list: readonly string[]) => (list.length > LOG_IDS ? [...list.slice(0, LOG_IDS), `…+${list.length - LOG_IDS}`] : list);

export class Hub {
  desired: HubDesiredState | null = null;
  appliedState: HubDesiredState | null = null;
  applied: Rendered | null = null;
  failed: { version: string; at: number } | null = null;
  health: { ok: boolean; message?: string } = { ok: true };
  readonly startedAt: number;
  private network: HubNetwork | null;
  private queue: Promise<void> = Promise.resolve();
  private timers: NodeJS.Timeout[] = [];
  private expiryTimer: NodeJS.Timeout | null = null;
  private polling = false;
  private reporting: Promise<void> | null = null;
  private reportAgain = false;
  private troubles: Record<'state' | 'report', Trouble | null> = { state: null, report: null };
  private readonly now: () => number;

  constructor(private readonly options: HubOptions) {
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
    this.network = options.network;
  }

  /** Applies the saved state at once (before the API answers), then polls and reports on their intervals. */
  async start(saved: HubDesiredState | null): Promise<void> {
    if (saved) {
      this.desired = saved;
      await this.reconcile('restart');
    }
    this.timers.push(setInterval(() => void this.poll(), this.options.pollIntervalMs));
    this.timers.push(setInterval(() => void this.report(), this.options.reportIntervalMs));
    await this.poll();
    if (!this.applied) void this.report();
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
  }

  /** One poll: fetch the state (an error keeps the last one), then reconcile (expiries included). */
  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      try {
        this.desired = await this.options.api.getState();
        this.recovered('state');
      } catch (error) {
        this.trouble('state', errorMessage(error));
      }
      await this.reconcile('poll');
    } finally {
      this.polling = false;
    }
  }

  /** Serialised: applies the desired state when due. */
  reconcile(reason: string): Promise<void> {
    const run = this.queue.then(() => this.reconcileNow(reason));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async reconcileNow(reason: string): Promise<void> {
    const now = this.now();
    let target = this.desired;
    if (target && this.failed?.version === target.version && now - this.failed.at < RETRY_FAILED_MS) target = this.appliedState;
    if (!target) return;
    const versionChanged = this.appliedState?.version !== target.version;
    const nextChangeAt = this.applied?.plan.nextChangeAt ?? null;
    if (!versionChanged && !(nextChangeAt !== null && now >= nextChangeAt)) return;
    await this.apply(target, now, versionChanged ? reason : 'expiry');
  }

  private fail(version: string, now: number, message: string): void {
    this.failed = { version, at: now };
    this.health = { ok: false, message: message.slice(0, 500) };
  }

  private async apply(state: HubDesiredState, now: number, reason: string): Promise<void> {
    const { iface, stateDir, runner, logger, privateKey } = this.options;
    // After a restart, what the interface holds (to cut peers that are gone); not part of the apply's time.
    const before = this.applied ? null : await this.dump().catch(() => null);
    const started = performance.now();
    const listenPort = this.options.listenPort ?? undefined;
    let plan: Plan;
    try {
      plan = planState(state, now, listenPort);
    } catch (error) {
      this.fail(state.version, now, `Estado ${state.version} recusado: ${errorMessage(error)}`);
      logger.error('apply-failed', { version: state.version, error: errorMessage(error), rolledBack: false });
      void this.report();
      return;
    }
    for (const skipped of plan.skipped) logger.error('peer-skipped', { version: state.version, id: skipped.id, reason: skipped.reason });
    const next = render(plan, privateKey, iface);
    const previous = this.appliedState ? render(planState(this.appliedState, now, listenPort), privateKey, iface) : null;

    const outcome = await applyWithRollback({ runner, iface, stateDir }, next, previous, this.network);
    if (!outcome.ok) {
      const kept = outcome.rolledBack
        ? ' O estado anterior continua aplicado.'
        : outcome.rollbackError
          ? ` A volta ao estado anterior também falhou: ${outcome.rollbackError}`
          : '';
      this.fail(state.version, now, `Não foi possível aplicar o estado ${state.version}: ${outcome.error.replace(/\.?$/, '.')}${kept}`);
      if (outcome.rolledBack && previous) {
        this.applied = previous;
        this.network = previous.plan.hub;
        this.scheduleExpiry(previous.plan.nextChangeAt, now);
      } else {
        this.network = null;
      }
      logger.error('apply-failed', {
        version: state.version,
        error: outcome.error,
        rolledBack: outcome.rolledBack,
        rollbackError: outcome.rollbackError,
      });
      void this.report();
      return;
    }

    const diff: PeerDiff = this.applied
      ? diffPeers(this.applied.plan, plan)
      : before
        ? diffFromDump(before.peers, plan)
        : { added: plan.peers.map((peer) => peer.id), removed: [], cut: [] };
    const versionChanged = this.appliedState?.version !== state.version;
    this.applied = next;
    this.appliedState = state;
    this.network = plan.hub;
    this.failed = null;
    this.health = { ok: true };
    const ms = Math.round(performance.now() - started);
    if (versionChanged)
      await saveState(stateDir, state).catch((error: unknown) => logger.error('state-save-failed', { error: errorMessage(error) }));
    logger.info('applied', {
      version: state.version,
      reason,
      peers: plan.peers.length,
      added: ids(diff.added),
      removed: ids(diff.removed),
      cut: diff.cut.length,
      expired: plan.expired.length,
      skipped: plan.skipped.length,
      ms,
    });
    // The rules already stop the removed peers' packets; this also forgets their open connections.
    const cutFailures = this.options.conntrack ? await cutConnections(runner, diff.cut) : [];
    for (const failure of cutFailures) logger.error('conntrack-failed', { error: failure });
    this.scheduleExpiry(plan.nextChangeAt, now);
    void this.report();
  }

  private scheduleExpiry(at: number | null, now: number): void {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    if (at === null) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, at - now) + 5);
    this.expiryTimer = setTimeout(() => void this.reconcile('expiry'), delay);
  }

  /** When the next expiry re-render is due (tests, logs). */
  get nextChangeAt(): number | null {
    return this.applied?.plan.nextChangeAt ?? null;
  }

  private async dump(): Promise<WgDump> {
    return parseWgDump(await mustRun(this.options.runner, 'wg', ['show', this.options.iface, 'dump']));
  }

  /** The report body: key, version applied, health, and the peers' handshakes and bytes. */
  async buildReport(): Promise<HubReport> {
    let peers: HubReport['peers'] = [];
    try {
      peers = (await this.dump()).peers.slice(0, MAX_HUB_REPORT_PEERS).map((peer) => ({
        publicKey: peer.publicKey,
        latestHandshake: peer.latestHandshake,
        rxBytes: peer.rxBytes,
        txBytes: peer.txBytes,
      }));
    } catch (error) {
      this.trouble('report', `wg show falhou: ${errorMessage(error)}`);
    }
    return {
      publicKey: this.options.publicKey,
      appliedVersion: this.appliedState?.version ?? null,
      health: {
        ok: this.health.ok,
        ...(this.health.message ? { message: this.health.message } : {}),
        implementation: this.options.implementation,
        startedAt: this.startedAt,
      },
      peers,
    };
  }

  /** Sends a report (one at a time; a request while one is in flight sends another right after). */
  report(): Promise<void> {
    if (this.reporting) {
      this.reportAgain = true;
      return this.reporting;
    }
    this.reporting = (async () => {
      do {
        this.reportAgain = false;
        try {
          await this.options.api.postReport(await this.buildReport());
          this.recovered('report');
        } catch (error) {
          this.trouble('report', errorMessage(error));
        }
      } while (this.reportAgain);
    })().finally(() => {
      this.reporting = null;
    });
    return this.reporting;
  }

  /** Logs an API error: the first, a different one, or the same again after a while. */
  private trouble(kind: 'state' | 'report', message: string): void {
    const now = this.now();
    const last = this.troubles[kind];
    const count = (last?.count ?? 0) + 1;
    const log = !last || last.message !== message || now - last.loggedAt >= ERROR_LOG_EVERY_MS;
    this.troubles[kind] = { message, count, loggedAt: log ? now : (last?.loggedAt ?? now) };
    if (log) this.options.logger.error(kind === 'state' ? 'state-fetch-failed' : 'report-failed', { error: message, failures: count });
  }

  private recovered(kind: 'state' | 'report'): void {
    const last = this.troubles[kind];
    if (!last) return;
    this.troubles[kind] = null;
    this.options.logger.info(kind === 'state' ? 'state-fetch-recovered' : 'report-recovered', { failures: last.count });
  }
}
