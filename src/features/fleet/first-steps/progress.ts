/**
 * "Configurar Conexão": where the wizard stands. What is stored (per user, in localStorage: ids and a time, nothing
 * secret) is only a hint; what is done is derived from the device as the API answers it, so a stale stored step
 * never shows a step as done when it is not.
 */
import type { Device } from '@/contracts/device';

export const STEP_TITLES = ['Registrar gateway', 'Associar máquina', 'Baixar configuração', 'Testar conexão'] as const;

/** 1–4: that step is open; 5: the wizard is finished (the summary). */
export type WizardPosition = 1 | 2 | 3 | 4 | 5;
export const FINISHED: WizardPosition = 5;

export type StepState = 'done' | 'current' | 'pending';
export const STEP_STATE_LABELS: Record<StepState, string> = { done: 'Concluído', current: 'Atual', pending: 'Pendente' };

/** The device's status is asked again this often while the wizard waits for it to connect. */
export const CONNECTION_POLL_MS = 2500;
/** After this long without the gateway connecting, the wizard says what to check. */
export const CONNECTION_TIMEOUT_MS = 90_000;
/** The VPN's port: the gateway reaches the VPN server over outbound UDP on it (WireGuard). */
export const VPN_UDP_PORT = 51820;

export interface StoredProgress {
  deviceId: string | null;
  machineId: string | null;
  /** The step the user was on (a hint: never ahead of what the data shows). */
  step: WizardPosition;
  /** When the VPN configuration of `deviceId` was downloaded (ms since the epoch). */
  downloadedAt: number | null;
}

export const EMPTY_PROGRESS: StoredProgress = { deviceId: null, machineId: null, step: 1, downloadedAt: null };

export const progressKey = (uid: string | null) => `ponte-first-steps:${uid ?? 'anonimo'}`;

const isPosition = (value: unknown): value is WizardPosition =>
  value === 1 || value === 2 || value === 3 || value === 4 || value === 5;

/** The stored progress of `uid`; anything unreadable is a fresh start. */
export function loadProgress(uid: string | null, storage: Pick<Storage, 'getItem'> = localStorage): StoredProgress {
  try {
    const raw: unknown = JSON.parse(storage.getItem(progressKey(uid)) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return EMPTY_PROGRESS;
    const value = raw as Record<string, unknown>;
    const text = (part: unknown) => (typeof part === 'string' && part !== '' ? part : null);
    const deviceId = text(value.deviceId);
    return {
      deviceId,
      machineId: deviceId ? text(value.machineId) : null,
      step: deviceId && isPosition(value.step) ? value.step : 1,
      downloadedAt: deviceId && typeof value.downloadedAt === 'number' && Number.isFinite(value.downloadedAt) ? value.downloadedAt : null,
    };
  } catch {
    return EMPTY_PROGRESS;
  }
}

export function saveProgress(
  uid: string | null,
  progress: StoredProgress,
  storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
): void {
  try {
    if (progress.deviceId === null) storage.removeItem(progressKey(uid));
    else storage.setItem(progressKey(uid), JSON.stringify(progress));
  } catch {
    // Private mode or a full storage: the wizard still works, it just starts over after a reload.
  }
}

export type DeviceFacts = Pick<Device, 'id' | 'machineId' | 'status'>;

/**
 * Which of the four steps are done, from the device the API returned (null: none, or not this account's) and the
 * download time stored for it: 1 claimed, 2 installed in a machine, 3 configuration downloaded (or the gateway is
 * already online, so it has one), 4 online. A step counts only when the ones before it do.
 */
export function doneSteps(device: DeviceFacts | null, downloadedAt: number | null): [boolean, boolean, boolean, boolean] {
  const registered = device !== null;
  const linked = registered && device.machineId !== null;
  const downloaded = linked && (downloadedAt !== null || device.status === 'online');
  const online = downloaded && device.status === 'online';
  return [registered, linked, downloaded, online];
}

/**
 * The step to show: the first one not done, or an earlier one the user went back to (the stored step). A stored
 * step ahead of the data is ignored. Once the gateway is online the test is over, whatever was stored.
 */
export function currentPosition(done: readonly boolean[], stored: WizardPosition | null): WizardPosition {
  const firstOpen = done.indexOf(false);
  const open = (firstOpen === -1 ? FINISHED : firstOpen + 1) as WizardPosition;
  if (open === FINISHED && (stored === null || stored >= 4)) return FINISHED;
  return stored === null ? open : (Math.min(stored, open) as WizardPosition);
}

/** Each step's state for the stepper: the open step is "Atual" even when already done (the user came back to it). */
export function stepStates(done: readonly boolean[], position: WizardPosition): StepState[] {
  return STEP_TITLES.map((_, index) => {
    if (index + 1 === position) return 'current';
    return done[index] ? 'done' : 'pending';
  });
}

/** "8 s", "1 min 05 s". */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** `?timeout=<seconds>` (1–600), honoured only by the demo: lets a test see the timeout without waiting 90 s. */
export function timeoutFromParams(params: URLSearchParams, demo: boolean): number {
  if (!demo) return CONNECTION_TIMEOUT_MS;
  const seconds = Number(params.get('timeout'));
  return Number.isInteger(seconds) && seconds >= 1 && seconds <= 600 ? seconds * 1000 : CONNECTION_TIMEOUT_MS;
}
