import { makeSerialStoryConfig } from '../serial-story-config';

/**
 * `npm run test:network` (scripts/lab/test-network.mjs) starts the backend, the built SPA and the lab, then runs
 * this: the cases share one lab and one remote-access session, in order.
 */
export default makeSerialStoryConfig({
  name: 'network',
  port: Number(process.env.NETWORK_PORT ?? 4183),
  timeout: 90_000,
  acceptDownloads: true,
});
