/**
 * Calendar days in Brazil's time (Brasília, UTC−3 all year since daylight saving time ended in 2019), as date inputs
 * hold them ("2026-11-27"). A period "de 27/11 até 30/11" runs from 00:00 of its first day to 23:59:59.999 of its
 * last day in Brasília, wherever the browser or the server runs: the back office, the demo backend and the checkout
 * all read the same instants.
 */

/** One day, in ms. */
export const DAY_MS = 24 * 60 * 60 * 1000;
/** Brasília is 3 hours behind UTC. */
const BRASILIA_OFFSET_MS = -3 * 60 * 60 * 1000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written `yyyy-mm-dd` (no 2026-02-30). */
export function isIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** 00:00 of the day in Brasília, as epoch ms. */
export function dayStart(isoDay: string): number {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) - BRASILIA_OFFSET_MS;
}

/** 23:59:59.999 of the day in Brasília, as epoch ms. */
export function dayEnd(isoDay: string): number {
  return dayStart(isoDay) + DAY_MS - 1;
}

/** The Brasília calendar day of an instant: `yyyy-mm-dd` (what a date input holds). */
export function isoDayOf(date: Date | number): string {
  const shifted = new Date(new Date(date).getTime() + BRASILIA_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** The Brasília calendar day of an instant as people read it: `27/11/2026`. */
export function formatDay(date: Date | number): string {
  const [y, m, d] = isoDayOf(date).split('-');
  return `${d}/${m}/${y}`;
}
