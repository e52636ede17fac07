import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { RelativeTime } from '../relative-time';

describe('RelativeTime', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says how long ago, with the exact date in the title and for screen readers, and keeps itself current', () => {
    vi.useFakeTimers();
    const now = new Date(Date.UTC(2026, 10, 22, 15, 0, 0));
    vi.setSystemTime(now);
    const date = new Date(now.getTime() - 5 * 60_000);
    render(<RelativeTime date={date} />);
    const time = screen.getByText(/há 5 minutos/);
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', date.toISOString());
    expect(time).toHaveAttribute('title', formatDateTime(date));
    expect(time).toHaveTextContent(`há 5 minutos (${formatDateTime(date)})`);

    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText(/há 6 minutos/)).toBeInTheDocument();
  });
});
