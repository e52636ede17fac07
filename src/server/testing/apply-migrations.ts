// Every test file starts on a database with the migrations applied (applyD1Migrations skips applied ones).
import { applyD1Migrations, env } from 'cloudflare:test';

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
