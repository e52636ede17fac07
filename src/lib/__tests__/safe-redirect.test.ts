import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../safe-redirect';

describe('safeRedirect', () => {
  it.each([
    ['/machines', '/machines'],
    ['/machines?page=2&q=inj', '/machines?page=2&q=inj'],
    ['%2Fsettings%2Faddresses', '/settings/addresses'],
    ['/orders/#novo', '/orders/#novo'],
  ])('keeps the same-area path %s', (raw, expected) => {
    expect(safeRedirect(raw)).toBe(expected);
  });

  it.each([
    null,
    '',
    'machines',
    '//evil.example.com',
    '/\\evil.example.com',
    'https://evil.example.com/machines',
    'javascript:alert(1)',
    '%2F%2Fevil.example.com',
    '/%0d%0aSet-Cookie:x',
    '%E0%A4%A',
  ])('refuses %s', (raw) => {
    expect(safeRedirect(raw, '/')).toBe('/');
  });

  it('refuses the sign-in pages themselves', () => {
    expect(safeRedirect('/login', '/', ['/login', '/register'])).toBe('/');
    expect(safeRedirect('/register?x=1', '/first-steps', ['/login', '/register'])).toBe('/first-steps');
  });
});
