/**
 * Custom-field definitions and a few current values. Container-level definitions come as `entity_type: "Container"`
 * and, as live data shows, `"Cargo"`; one shipment-level definition proves filters matter. Enum options are
 * `custom_field_option` resources reachable through the definition's `options` relationship.
 */
import { type ResourceObject, toMany, toOne } from '../resource.js';
import { DEMO } from './catalog.js';
import { containerId } from './container-builder.js';
import type { DemoTime } from './demo-time.js';
import { stableUuid } from './ids.js';

interface DefinitionSpec {
  slug: string;
  entityType: 'Container' | 'Cargo' | 'Shipment';
  displayName: string;
  description: string | null;
  dataType: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
}

const DEFINITIONS: readonly DefinitionSpec[] = [
  {
    slug: 'po_number',
    entityType: 'Container',
    displayName: 'PO number',
    description: "The customer's purchase order for this box.",
    dataType: 'short_text',
  },
  {
    slug: 'delivery_priority',
    entityType: 'Container',
    displayName: 'Delivery priority',
    description: 'How urgently the consignee needs this box.',
    dataType: 'enum',
    options: [
      { value: 'standard', label: 'Standard' },
      { value: 'rush', label: 'Rush' },
      { value: 'hold', label: 'Hold at terminal' },
    ],
  },
  {
    slug: 'trucker',
    entityType: 'Cargo',
    displayName: 'Trucker',
    description: 'Drayage company booked for pickup.',
    dataType: 'short_text',
  },
  {
    slug: 'customer_reference',
    entityType: 'Shipment',
    displayName: 'Customer reference',
    description: null,
    dataType: 'short_text',
  },
];

export function definitionId(slug: string): string {
  return stableUuid(`custom_field_definition:${slug}`);
}

export function customFieldId(entityId: string, slug: string): string {
  return stableUuid(`custom_field:${entityId}:${slug}`);
}

function definitionResources(spec: DefinitionSpec, createdAt: string): ResourceObject[] {
  const options = (spec.options ?? []).map(
    (option, position): ResourceObject => ({
      id: stableUuid(`custom_field_option:${spec.slug}:${option.value}`),
      type: 'custom_field_option',
      attributes: { label: option.label, value: option.value, position },
    }),
  );
  const definition: ResourceObject = {
    id: definitionId(spec.slug),
    type: 'custom_field_definition',
    attributes: {
      entity_type: spec.entityType,
      api_slug: spec.slug,
      display_name: spec.displayName,
      description: spec.description,
      data_type: spec.dataType,
      reference_type: null,
      validation: null,
      default_format: null,
      default_value: null,
      created_at: createdAt,
    },
    relationships: {
      options: toMany(
        'custom_field_option',
        options.map((option) => option.id),
      ),
    },
    links: { self: `/v2/custom_field_definitions/${definitionId(spec.slug)}` },
  };
  return [definition, ...options];
}

/** A custom_field resource on a container (or another entity); the routes build the same shape on writes. */
export function customFieldResource(
  entityId: string,
  slug: string,
  value: unknown,
  displayValue: string | null,
  entityType = 'container',
): ResourceObject {
  const id = customFieldId(entityId, slug);
  return {
    id,
    type: 'custom_field',
    attributes: { api_slug: slug, value, display_value: displayValue },
    relationships: {
      entity: toOne(entityType, entityId),
      definition: toOne('custom_field_definition', definitionId(slug)),
    },
    links: { self: `/v2/custom_fields/${id}` },
  };
}

/** The account's custom-field definitions and their options (every demo account has the same ones). */
export function buildCustomFieldDefinitions(t: DemoTime): ResourceObject[] {
  return DEFINITIONS.flatMap((spec, index) => definitionResources(spec, t.days(-90 + index)));
}

/** The definitions, and a few values on the demo containers. */
export function buildCustomFields(t: DemoTime): ResourceObject[] {
  const resources = buildCustomFieldDefinitions(t);
  const ready = containerId(DEMO.containers.ready);
  const onHold = containerId(DEMO.containers.onHold);
  resources.push(
    customFieldResource(ready, 'po_number', 'PO-88412-A', 'PO-88412-A'),
    customFieldResource(ready, 'delivery_priority', 'rush', 'Rush'),
    customFieldResource(onHold, 'trucker', 'Harbor Freight Lines', 'Harbor Freight Lines'),
  );
  return resources;
}
