/** A tracking client wired to a fake transport and fake time, as every client test needs it. */
import { silentLogger } from '../../../../src/logger.js';
import {
  createTrackingClient,
  type TrackingClientOptions,
} from '../../../../src/tracking/create-tracking-client.js';
import { createFakeTime } from './fake-time.js';
import { type RecordedRequest, type Reply, routedTransport } from './fake-transport.js';

export const TEST_API_KEY = 'test-key-3f9a-never-print-me';

export function createTestClient(
  route: (request: RecordedRequest) => Reply,
  options: Partial<TrackingClientOptions> = {},
) {
  const time = createFakeTime();
  const fake = routedTransport(route);
  const client = createTrackingClient({
    baseUrl: 'https://api.test/v2/',
    apiKey: TEST_API_KEY,
    clock: time.clock,
    sleep: time.sleep,
    random: () => 0.5,
    logger: silentLogger,
    transport: fake.transport,
    ...options,
  });
  return { client, time, requests: fake.requests };
}
