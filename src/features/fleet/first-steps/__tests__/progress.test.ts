import { describe, expect, it } from 'vitest';
import {
  CONNECTION_TIMEOUT_MS,
  currentPosition,
  doneSteps,
  EMPTY_PROGRESS,
  FINISHED,
  formatElapsed,
  loadProgress,
  progressKey,
  saveProgress,
  stepStates,
  timeoutFromParams,
  type DeviceFacts,
} from '../progress';

const claimed: DeviceFacts = { id: 'device-1', machineId: null, status: 'never-connected' };
const linked: DeviceFacts = { ...claimed, machineId: 'machine-1' };
const online: DeviceFacts = { ...linked, status: 'online' };

describe('doneSteps', () => {
  it('follows the device: claimed, linked, downloaded, online; a step counts only after the ones before', () => {
    expect(doneSteps(null, null)).toEqual([false, false, false, false]);
    expect(doneSteps(null, 1000)).toEqual([false, false, false, false]);
    expect(doneSteps(claimed, null)).toEqual([true, false, false, false]);
    // A download stored for a gateway no longer in a machine does not count.
    expect(doneSteps(claimed, 1000)).toEqual([true, false, false, false]);
    expect(doneSteps(linked, null)).toEqual([true, true, false, false]);
    expect(doneSteps(linked, 1000)).toEqual([true, true, true, false]);
    // Online: it has a configuration, whatever was stored.
    expect(doneSteps(online, null)).toEqual([true, true, true, true]);
    expect(doneSteps({ ...online, machineId: null }, 1000)).toEqual([true, false, false, false]);
  });
});

describe('currentPosition', () => {
  it('without a stored step: the first step not done, or finished', () => {
    expect(currentPosition(doneSteps(null, null), null)).toBe(1);
    expect(currentPosition(doneSteps(linked, null), null)).toBe(3);
    expect(currentPosition(doneSteps(online, null), null)).toBe(FINISHED);
  });

  it('a stored step ahead of the data never wins (a stale step never lies)', () => {
    // Stored "Testar conexão", but the gateway was taken off its machine meanwhile.
    expect(currentPosition(doneSteps(claimed, 1000), 4)).toBe(2);
    // Stored "finished", but the device is gone (another account's now): back to the code.
    expect(currentPosition(doneSteps(null, 1000), FINISHED)).toBe(1);
    expect(currentPosition(doneSteps(linked, null), 4)).toBe(3);
  });

  it('an earlier stored step is where the user went back to; the connection test ends once online', () => {
    expect(currentPosition(doneSteps(linked, 1000), 2)).toBe(2);
    expect(currentPosition(doneSteps(online, null), 2)).toBe(2);
    expect(currentPosition(doneSteps(online, 1000), 4)).toBe(FINISHED);
    expect(currentPosition(doneSteps(online, 1000), 3)).toBe(3);
  });
});

describe('stepStates', () => {
  it('"Atual" for the open step, done ones "Concluído", the rest "Pendente"', () => {
    expect(stepStates(doneSteps(linked, null), 3)).toEqual(['done', 'done', 'current', 'pending']);
    expect(stepStates(doneSteps(linked, 1000), 2)).toEqual(['done', 'current', 'done', 'pending']);
    expect(stepStates(doneSteps(online, null), FINISHED)).toEqual(['done', 'done', 'done', 'done']);
    expect(stepStates(doneSteps(null, null), 1)).toEqual(['current', 'pending', 'pending', 'pending']);
  });
});

describe('stored progress', () => {
  it('is kept per user and read back; nothing stored, junk or a different user is a fresh start', () => {
    const progress = { deviceId: 'device-9', machineId: 'machine-3', step: 4 as const, downloadedAt: 1_700_000_000_000 };
    saveProgress('uid-a', progress);
    expect(JSON.parse(localStorage.getItem(progressKey('uid-a')) ?? 'null')).toEqual(progress);
    expect(loadProgress('uid-a')).toEqual(progress);
    expect(loadProgress('uid-b')).toEqual(EMPTY_PROGRESS);

    localStorage.setItem(progressKey('uid-c'), '{not json');
    expect(loadProgress('uid-c')).toEqual(EMPTY_PROGRESS);
    localStorage.setItem(progressKey('uid-c'), JSON.stringify({ deviceId: 'device-1', step: 9, downloadedAt: 'ontem' }));
    expect(loadProgress('uid-c')).toEqual({ deviceId: 'device-1', machineId: null, step: 1, downloadedAt: null });

    // Starting over removes it.
    saveProgress('uid-a', EMPTY_PROGRESS);
    expect(localStorage.getItem(progressKey('uid-a'))).toBeNull();
  });
});

describe('formats and the demo timeout', () => {
  it('elapsed time in pt-BR', () => {
    expect(formatElapsed(0)).toBe('0 s');
    expect(formatElapsed(8_400)).toBe('8 s');
    expect(formatElapsed(65_000)).toBe('1 min 05 s');
    expect(formatElapsed(CONNECTION_TIMEOUT_MS)).toBe('1 min 30 s');
  });

  it('?timeout= shortens the wait only in the demo', () => {
    expect(timeoutFromParams(new URLSearchParams('timeout=3'), true)).toBe(3000);
    expect(timeoutFromParams(new URLSearchParams('timeout=3'), false)).toBe(CONNECTION_TIMEOUT_MS);
    expect(timeoutFromParams(new URLSearchParams('timeout=abc'), true)).toBe(CONNECTION_TIMEOUT_MS);
    expect(timeoutFromParams(new URLSearchParams('timeout=0'), true)).toBe(CONNECTION_TIMEOUT_MS);
    expect(timeoutFromParams(new URLSearchParams(''), true)).toBe(CONNECTION_TIMEOUT_MS);
  });
});
