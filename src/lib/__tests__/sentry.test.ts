import { describe, expect, it } from 'vitest';
import { tracePropagationTargets } from '../sentry';

describe('tracing headers go only to the hosts the spec names', () => {
  const targets = tracePropagationTargets('https://ponte-api.workers.dev/v1', 'ponteiiot.com.br');
  const allowed = (url: string) => targets.some((target) => target.test(url));

  it.each([
    'https://portal.ponteiiot.com.br/api/x',
    'https://backoffice.ponteiiot.com.br/',
    'http://localhost:8787/me',
    'https://ponte-api.workers.dev/anything',
  ])('allows %s', (url) => expect(allowed(url)).toBe(true));

  it.each([
    'https://ponteiiot.com.br/',
    'https://portal.ponteiiot.com.br.evil.com/',
    'http://localhost:8788/vpn-user',
    'https://identitytoolkit.googleapis.com/v1/accounts',
    'https://evil.com/?https://portal.ponteiiot.com.br',
  ])('refuses %s', (url) => expect(allowed(url)).toBe(false));
});
