/**
 * A TrackingClient for listener unit tests: every method fails loudly unless the test provides it, and every call is
 * recorded (method and arguments) so tests can assert what was read and that a write happened exactly once.
 */
import type { TrackingClient } from '../../../src/tracking/tracking-client.js';

export interface TrackingCall {
  method: keyof TrackingClient;
  args: unknown[];
}

export interface FakeTracking {
  client: TrackingClient;
  calls: TrackingCall[];
  callsTo(method: keyof TrackingClient): TrackingCall[];
}

const METHODS: ReadonlyArray<keyof TrackingClient> = [
  'getShipment',
  'findShipmentsByNumber',
  'findContainersByNumber',
  'search',
  'getVessel',
  'getTrackingRequest',
  'updateTrackingRequest',
  'getEmailSubmission',
  'rotateDocument',
  'getDocumentDownloadUrl',
  'setContainerCustomField',
  'listContainerCustomFields',
  'listCustomFieldDefinitions',
  'listShipments',
  'listContainers',
  'listTrackingRequests',
  'listEmailSubmissions',
];

export function createFakeTracking(overrides: Partial<TrackingClient> = {}): FakeTracking {
  const calls: TrackingCall[] = [];
  const client: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const method of METHODS) {
    // SAFETY: each override has the signature of the TrackingClient method of the same name; it is only called
    // with the arguments the caller passed to that method.
    const implementation = overrides[method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    client[method] = async (...args: unknown[]) => {
      calls.push({ method, args });
      if (!implementation) throw new Error(`fake tracking client: ${method} was not expected in this test`);
      return implementation(...args);
    };
  }
  return {
    // SAFETY: `client` has an async function for every TrackingClient method (METHODS lists them all), each
    // delegating to the test's typed override.
    client: client as unknown as TrackingClient,
    calls,
    callsTo: (method) => calls.filter((call) => call.method === method),
  };
}
