/**
 * The fake TrackingClient for every suite: each method is answered by the test's override of that method, every call
 * is recorded (method and the arguments as passed), and a method the test did not provide rejects loudly. The object
 * literal is typed `TrackingClient`, so a method added to the interface fails to compile here until the fake has it.
 */
import type { TrackingClient } from '../../src/tracking/tracking-client.js';

export type TrackingMethod = keyof TrackingClient;

export interface TrackingCall {
  method: TrackingMethod;
  args: unknown[];
}

export interface FakeTracking {
  client: TrackingClient;
  /** Every call in order; tests may empty it (`calls.length = 0`) between phases. */
  calls: TrackingCall[];
  callsTo(method: TrackingMethod): TrackingCall[];
}

export function createFakeTracking(overrides: Partial<TrackingClient> = {}): FakeTracking {
  const calls: TrackingCall[] = [];
  const answer = <A extends unknown[], R>(
    method: TrackingMethod,
    args: A,
    implementation: ((...args: A) => Promise<R>) | undefined,
  ): Promise<R> => {
    calls.push({ method, args });
    if (!implementation) {
      return Promise.reject(new Error(`fake tracking client: ${method} was not expected in this test`));
    }
    try {
      return implementation(...args);
    } catch (error) {
      // An override that throws synchronously still rejects, as the real client's methods do.
      return Promise.reject(error);
    }
  };
  const o = overrides;
  const client: TrackingClient = {
    getShipment: (...args) => answer('getShipment', args, o.getShipment),
    resumeTracking: (...args) => answer('resumeTracking', args, o.resumeTracking),
    findShipmentsByNumber: (...args) => answer('findShipmentsByNumber', args, o.findShipmentsByNumber),
    findContainersByNumber: (...args) => answer('findContainersByNumber', args, o.findContainersByNumber),
    search: (...args) => answer('search', args, o.search),
    getVessel: (...args) => answer('getVessel', args, o.getVessel),
    getTrackingRequest: (...args) => answer('getTrackingRequest', args, o.getTrackingRequest),
    updateTrackingRequest: (...args) => answer('updateTrackingRequest', args, o.updateTrackingRequest),
    createTrackingRequest: (...args) => answer('createTrackingRequest', args, o.createTrackingRequest),
    inferNumber: (...args) => answer('inferNumber', args, o.inferNumber),
    getEmailSubmission: (...args) => answer('getEmailSubmission', args, o.getEmailSubmission),
    rotateDocument: (...args) => answer('rotateDocument', args, o.rotateDocument),
    getDocumentDownloadUrl: (...args) => answer('getDocumentDownloadUrl', args, o.getDocumentDownloadUrl),
    setContainerCustomField: (...args) => answer('setContainerCustomField', args, o.setContainerCustomField),
    listContainerCustomFields: (...args) =>
      answer('listContainerCustomFields', args, o.listContainerCustomFields),
    listCustomFieldDefinitions: (...args) =>
      answer('listCustomFieldDefinitions', args, o.listCustomFieldDefinitions),
    listShipments: (...args) => answer('listShipments', args, o.listShipments),
    listContainers: (...args) => answer('listContainers', args, o.listContainers),
    listTrackingRequests: (...args) => answer('listTrackingRequests', args, o.listTrackingRequests),
    listEmailSubmissions: (...args) => answer('listEmailSubmissions', args, o.listEmailSubmissions),
    getWebhookNotification: (...args) => answer('getWebhookNotification', args, o.getWebhookNotification),
    listWebhookNotifications: (...args) =>
      answer('listWebhookNotifications', args, o.listWebhookNotifications),
  };
  return { client, calls, callsTo: (method) => calls.filter((call) => call.method === method) };
}
