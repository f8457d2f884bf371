/** A TrackingClient whose reads are answered by the test and recorded; anything unscripted fails loudly. */
import type { ContainerMatch, SearchResult, ShipmentDetail } from '../../../../src/tracking/models.js';
import type { ReadOptions, TrackingClient } from '../../../../src/tracking/tracking-client.js';

export interface FakeClientScript {
  byNumber?: (number: string) => ShipmentDetail[];
  containers?: (number: string) => ContainerMatch[];
  search?: (query: string) => SearchResult[];
  shipment?: (id: string) => ShipmentDetail;
}

export interface Call {
  method: string;
  arg: string;
  options: ReadOptions | undefined;
}

export function createFakeClient(script: FakeClientScript): { client: TrackingClient; calls: Call[] } {
  const calls: Call[] = [];
  const answer = <T>(
    method: string,
    arg: string,
    options: ReadOptions | undefined,
    fn?: (arg: string) => T,
  ) => {
    calls.push({ method, arg, options });
    if (fn === undefined) return Promise.reject(new Error(`unexpected call ${method}(${arg})`));
    try {
      return Promise.resolve(fn(arg));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const unexpected = () => Promise.reject(new Error('not used by the resolver'));
  const client: TrackingClient = {
    findShipmentsByNumber: (n, o) => answer('findShipmentsByNumber', n, o, script.byNumber),
    findContainersByNumber: (n, o) => answer('findContainersByNumber', n, o, script.containers),
    search: (q, o) => answer('search', q, o, script.search),
    getShipment: (id, o) => answer('getShipment', id, o, script.shipment),
    getVessel: unexpected,
    getTrackingRequest: unexpected,
    updateTrackingRequest: unexpected,
    getEmailSubmission: unexpected,
    rotateDocument: unexpected,
    getDocumentDownloadUrl: unexpected,
    setContainerCustomField: unexpected,
    listContainerCustomFields: unexpected,
    listCustomFieldDefinitions: unexpected,
    listShipments: unexpected,
    listContainers: unexpected,
    listTrackingRequests: unexpected,
    listEmailSubmissions: unexpected,
  };
  return { client, calls };
}
