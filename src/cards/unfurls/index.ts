export { type ClassicUnfurl, classicShipmentUnfurl, unwatchedShipmentUnfurl } from './classic-unfurl.js';
export {
  type DetailsOptions,
  type EntityLinks,
  SHIPMENT_ENTITY_TYPE,
  SHIPMENT_REF_TYPE,
  type ShipmentEntity,
  shipmentDetailsEntity,
  shipmentEntity,
} from './shipment-entity.js';
export { type ShipmentFacts, shipmentFacts } from './shipment-facts.js';
