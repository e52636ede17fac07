import { describe, expect, it } from 'vitest';
import { AUTH_DATA_KEY, clearAuthData, readAuthData, saveAuthData, updateStoredUser } from '../auth-storage';

const user = { uid: 'u1', email: 'a@b.com', name: 'Ana', cnpj: '45278193000185', admin: false };

describe('auth_data in localStorage', () => {
  it('round-trips the token and the user', () => {
    saveAuthData({ token: 't', user });
    expect(JSON.parse(localStorage.getItem(AUTH_DATA_KEY) ?? '')).toEqual({ token: 't', user });
    expect(readAuthData()).toEqual({ token: 't', user });
    updateStoredUser({ ...user, name: 'Ana Paula' });
    expect(readAuthData()?.user.name).toBe('Ana Paula');
    clearAuthData();
    expect(readAuthData()).toBeNull();
  });

  it.each(['{', '"texto"', 'null', '{"token":1}', '{"token":"t","user":{"uid":""}}', '{"token":"t","user":{"uid":"u","email":"e","name":"n","cnpj":"c","admin":"sim"}}'])(
    'malformed %s is removed, never trusted',
    (raw) => {
      localStorage.setItem(AUTH_DATA_KEY, raw);
      expect(readAuthData()).toBeNull();
      expect(localStorage.getItem(AUTH_DATA_KEY)).toBeNull();
    },
  );
});
