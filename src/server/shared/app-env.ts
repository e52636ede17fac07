/** The Hono environment of both Workers: bindings, and what the middleware puts in the context. */
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type { Env } from './env';
import type { Principal } from './principal';

export type Db = DrizzleD1Database;

export interface AppEnv {
  Bindings: Env;
  Variables: {
    db: Db;
    /** Set by the route's guard for every route that needs a session. */
    principal: Principal;
  };
}
