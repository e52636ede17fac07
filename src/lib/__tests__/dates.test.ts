import { describe, expect, it } from 'vitest';
import {
  convertTimestamps,
  dateToTimestamp,
  formatDate,
  formatDateTime,
  formatRelativeTime,
  isTimestamp,
  timestampToDate,
} from '../dates';

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
    // Frozen as the store would freeze it (the store then skips it).
    expect(Object.isFrozen(converted)).toBe(true);
    expect(Object.isFrozen(converted.items)).toBe(true);
    expect(Object.isFrozen(converted.items[0])).toBe(true);
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

describe('formatRelativeTime', () => {
  const now = Date.UTC(2026, 10, 22, 15, 0, 0);
  const MINUTE = 60_000;

  it('says how long ago in pt-BR, rounded down', () => {
    expect(formatRelativeTime(now - 20_000, now)).toBe('agora mesmo');
    expect(formatRelativeTime(now - MINUTE, now)).toBe('há 1 minuto');
    expect(formatRelativeTime(now - 5 * MINUTE, now)).toBe('há 5 minutos');
    expect(formatRelativeTime(now - 59 * MINUTE - 59_000, now)).toBe('há 59 minutos');
    expect(formatRelativeTime(now - 60 * MINUTE, now)).toBe('há 1 hora');
    expect(formatRelativeTime(now - 26 * 60 * MINUTE, now)).toBe('há 1 dia');
    expect(formatRelativeTime(now - 3 * 24 * 60 * MINUTE, now)).toBe('há 3 dias');
    expect(formatRelativeTime(now - 65 * 24 * 60 * MINUTE, now)).toBe('há 2 meses');
    expect(formatRelativeTime(now - 400 * 24 * 60 * MINUTE, now)).toBe('há 1 ano');
  });

  it('says how far ahead, takes Dates and strings, and gives "" for an invalid date', () => {
    expect(formatRelativeTime(now + 5 * MINUTE, now)).toBe('em 5 minutos');
    expect(formatRelativeTime(new Date(now - 2 * 60 * MINUTE), new Date(now))).toBe('há 2 horas');
    expect(formatRelativeTime(new Date(now - 5 * MINUTE).toISOString(), now)).toBe('há 5 minutos');
    expect(formatRelativeTime('não é data', now)).toBe('');
  });
});
