import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterElementPainted, afterPaint } from '../after-paint';

type Listener = (list: { getEntries(): Array<{ name: string }> }) => void;

/** A PerformanceObserver that reports paint entries when the test says so. */
function installFakePaintObserver() {
  const observers: Listener[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(private readonly listener: Listener) {}
    observe() {
      observers.push(this.listener);
    }
    disconnect() {
      const index = observers.indexOf(this.listener);
      if (index >= 0) observers.splice(index, 1);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    paint(name: string) {
      for (const listener of [...observers]) listener({ getEntries: () => [{ name }] });
    },
    get watching() {
      return observers.length;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('afterPaint', () => {
  it('waits for the first contentful paint reported by the browser, then runs once', async () => {
    const paints = installFakePaintObserver();
    const fn = vi.fn();
    afterPaint(fn, 50, 10_000);
    paints.paint('first-paint');
    await sleep(100);
    expect(fn).not.toHaveBeenCalled();

    paints.paint('first-contentful-paint');
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(1));
    expect(paints.watching).toBe(0);
    paints.paint('first-contentful-paint');
    await sleep(50);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('does not wait for ever when no paint entry comes', async () => {
    installFakePaintObserver();
    const fn = vi.fn();
    afterPaint(fn, 50, 100);
    await sleep(30);
    expect(fn).not.toHaveBeenCalled();
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(1));
  });

  it('without paint timing, runs after the next frame', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const fn = vi.fn();
    afterPaint(fn, 50);
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(1));
  });
});

describe('afterElementPainted', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('waits for the element (a screen title the shell has not rendered yet), then for the paint', async () => {
    const fn = vi.fn();
    document.body.innerHTML = '<main id="screen"></main>';
    afterElementPainted('main h1', fn, 10_000);
    await sleep(100);
    expect(fn).not.toHaveBeenCalled();

    const title = document.createElement('h1');
    title.textContent = 'Painel';
    document.getElementById('screen')?.append(title);
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(1));
  });

  it('runs at once (after the paint) when the element is already there, and does not wait for ever without it', async () => {
    document.body.innerHTML = '<main><h1>Máquinas</h1></main>';
    const present = vi.fn();
    afterElementPainted('main h1', present, 10_000);
    await waitFor(() => expect(present).toHaveBeenCalledTimes(1));

    document.body.innerHTML = '';
    const absent = vi.fn();
    afterElementPainted('main h1', absent, 100);
    await sleep(30);
    expect(absent).not.toHaveBeenCalled();
    await waitFor(() => expect(absent).toHaveBeenCalledTimes(1));
  });
});
