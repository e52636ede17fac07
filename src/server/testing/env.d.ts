// What the tests' Miniflare adds to the Workers' bindings (src/server/vitest.config.mts).
import type { D1Migration } from 'cloudflare:test';
import type { Env as ServerEnv } from '../shared/env';

declare global {
  namespace Cloudflare {
    interface Env extends ServerEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** The route × role walk's own database (vitest.config.mts). */
      ACCESS_DB: D1Database;
      /** Which Worker this test project runs (vitest.config.mts): whose OpenAPI description answers are held to. */
      WORKER_UNDER_TEST: 'main' | 'vpn';
    }
  }
}
