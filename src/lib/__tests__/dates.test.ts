import { describe, expect, it } from 'vitest';
import { convertTimestamps, dateToTimestamp, formatDate, formatDateTime, isTimestamp, timestampToDate } from '../dates';

describe('dates', () => {
  it('turns { seconds, nanos } into Date, deeply', () => {
    const converted = convertTimestamps<{ createdAt: Date; items: Array<{ at: Date; n: number }>; name: string }>({
      createdAt: { seconds: 1_795_000_000, nanos: 500_000_000 },
      items: [{ at: { seconds: 0, nanos: 0 }, n: 3 }],
      name: 'x',
    });
    expect(converted.createdAt).toBeInstanceOf(Date);
    expect(converted.createdAt.getTime()).toBe(1_795_000_000_500);
    expect(converted.items[0]?.at.getTime()).toBe(0);
    expect(converted.items[0]?.n).toBe(3);
    expect(converted.name).toBe('x');
  });

  it('leaves look-alikes alone', () => {
    expect(isTimestamp({ seconds: 1, nanos: 2, extra: 3 })).toBe(false);
    expect(isTimestamp({ seconds: '1', nanos: 2 })).toBe(false);
    expect(convertTimestamps(null)).toBeNull();
    expect(convertTimestamps('2026-11-22')).toBe('2026-11-22');
  });

  it('round-trips', () => {
    const date = new Date(Date.UTC(2026, 10, 22, 15, 4, 5, 678));
    expect(timestampToDate(dateToTimestamp(date)).getTime()).toBe(date.getTime());
  });

  it('formats in pt-BR: day/month/year, and hour:minute in the long form', () => {
    const date = new Date(2026, 10, 22, 14, 5);
    expect(formatDate(date)).toBe('22/11/2026');
    expect(formatDateTime(date)).toBe('22/11/2026, 14:05');
  });
});
