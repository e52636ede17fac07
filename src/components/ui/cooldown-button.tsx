import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from './button';

/** Spec §9: the cooldown display refreshes every 50 ms. */
export const COOLDOWN_TICK_MS = 50;

export interface CooldownButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** Seconds of cooldown after a click. */
  cooldownSeconds: number;
  /**
   * Runs on an idle click, which starts the cooldown at once (spec §4: after a click, whatever the outcome, so a
   * failing request cannot be repeated in a loop). Return false only when nothing was sent at all (the form's own
   * validation stopped it): the cooldown is then lifted.
   */
  onClick: () => void | boolean | Promise<void | boolean>;
  /** Label while cooling down; receives the whole seconds left. */
  cooldownLabel?: (secondsLeft: number) => string;
}

/**
 * Idle → cooling down for N seconds from each click (shown, refreshed every 50 ms) → idle. Clicks while cooling
 * down (or while the action runs) are ignored.
 */
export function CooldownButton({
  cooldownSeconds,
  onClick,
  cooldownLabel = (s) => `Aguarde ${s}s`,
  children,
  disabled,
  ...props
}: CooldownButtonProps) {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [running, setRunning] = useState(false);
  const busy = useRef(false);

  useEffect(() => {
    if (until === null) return undefined;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) setUntil(null);
    }, COOLDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, [until]);

  const coolingDown = until !== null && now < until;
  const secondsLeft = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));

  const handleClick = useCallback(async () => {
    if (busy.current || (until !== null && Date.now() < until)) return;
    busy.current = true;
    const start = Date.now();
    setNow(start);
    setUntil(start + cooldownSeconds * 1000);
    setRunning(true);
    try {
      const result = await onClick();
      if (result === false) setUntil(null);
    } catch {
      // the action reports its own failure; the cooldown stands (the click was made)
    } finally {
      busy.current = false;
      setRunning(false);
    }
  }, [cooldownSeconds, onClick, until]);

  return (
    <Button
      {...props}
      loading={running}
      aria-disabled={coolingDown || undefined}
      disabled={disabled}
      data-state={coolingDown ? 'cooldown' : 'idle'}
      onClick={() => void handleClick()}
    >
      {coolingDown ? cooldownLabel(secondsLeft) : children}
    </Button>
  );
}
