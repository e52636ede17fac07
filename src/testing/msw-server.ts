/**
 * The unit tests' API: MSW's node server forwarding the main, VPN and payment origins to the real Workers
 * (src/testing/workers). The database is the demo seed at TEST_NOW, put back before every test.
 */
import { setupServer } from 'msw/node';
import { backendHandlers } from './workers/backend';

export { TEST_API_URL, TEST_NOW, TEST_PAY_URL, TEST_VPN_API_URL } from './workers/config';
export { resetTestBackend, testFaults, testSql } from './workers/backend';

export const server = setupServer(...backendHandlers);
