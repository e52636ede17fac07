import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOLDOWN_TICK_MS, CooldownButton } from '../cooldown-button';

describe('CooldownButton', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const flush = async () => {
    await act(async () => {
      await Promise.resolve();
    });
  };

  it('idle → cooling down N seconds (shown, refreshed every 50 ms) → idle; clicks ignored meanwhile', async () => {
    const onClick = vi.fn();
    render(
      <CooldownButton cooldownSeconds={3} onClick={onClick} cooldownLabel={(s) => `Aguarde ${s}s`}>
        Reenviar
      </CooldownButton>,
    );
    const button = screen.getByRole('button');
    expect(button).toHaveAttribute('data-state', 'idle');
    fireEvent.click(button);
    await flush();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button).toHaveTextContent('Aguarde 3s');
    expect(button).toHaveAttribute('data-state', 'cooldown');

    fireEvent.click(button);
    await flush();
    expect(onClick).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(1000 + COOLDOWN_TICK_MS));
    expect(button).toHaveTextContent('Aguarde 2s');
    act(() => vi.advanceTimersByTime(2000));
    expect(button).toHaveTextContent('Reenviar');
    expect(button).toHaveAttribute('data-state', 'idle');

    fireEvent.click(button);
    await flush();
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('refreshes on a 50 ms tick', () => {
    expect(COOLDOWN_TICK_MS).toBe(50);
  });

  it('cools down from the click, also while the action runs and when it fails', async () => {
    let fail: (reason: Error) => void = () => undefined;
    const onClick = vi.fn(() => new Promise<void>((_, reject) => (fail = reject)));
    render(
      <CooldownButton cooldownSeconds={5} onClick={onClick} cooldownLabel={(s) => `Reenviar em ${s}s`}>
        Reenviar
      </CooldownButton>,
    );
    const button = screen.getByRole('button');
    fireEvent.click(button);
    await flush();
    expect(button).toHaveAttribute('data-state', 'cooldown');
    expect(button).toHaveTextContent('Reenviar em 5s');
    await act(async () => {
      fail(new Error('rede'));
      await Promise.resolve();
    });
    expect(button).toHaveAttribute('data-state', 'cooldown');
    fireEvent.click(button);
    await flush();
    expect(onClick).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000 + COOLDOWN_TICK_MS));
    expect(button).toHaveAttribute('data-state', 'idle');
  });

  it('no cooldown when the action says nothing was sent', async () => {
    render(
      <CooldownButton cooldownSeconds={60} onClick={() => false}>
        Enviar
      </CooldownButton>,
    );
    fireEvent.click(screen.getByRole('button'));
    await flush();
    expect(screen.getByRole('button')).toHaveTextContent('Enviar');
  });
});
