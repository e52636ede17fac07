import { makeSerialStoryConfig } from '../serial-story-config';

/**
 * `npm run test:first-deploy` (scripts/first-deploy.mjs) starts the Workers without demo mode on an empty D1, the
 * production build and the Auth emulator, then runs this: one story, in order.
 */
export default makeSerialStoryConfig({
  name: 'first-deploy',
  port: Number(process.env.FIRST_DEPLOY_PORT ?? 4193),
  timeout: 240_000,
});
