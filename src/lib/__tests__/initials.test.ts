import { describe, expect, it } from 'vitest';
import { emailInitials, initials } from '../initials';

describe('initials', () => {
  it.each([
    ['Maria Oliveira Santos', 'MO'],
    ['maria oliveira', 'MO'],
    ['Rafael', 'RA'],
    ['  Ana   Paula  ', 'AP'],
    ['Édson Álvares', 'ÉÁ'],
    ['X', 'X'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%s → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it('back office: the first two letters of the e-mail', () => {
    expect(emailInitials('admin@example.com')).toBe('AD');
    expect(emailInitials('r@x.com')).toBe('R@');
    expect(emailInitials('')).toBe('');
  });
});
