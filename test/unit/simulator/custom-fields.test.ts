import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../src/simulator/index.js';
import { parseCustomFieldDocument, parseCustomFieldListDocument } from '../../../src/tracking/index.js';
import { type CallOptions, call, demoSimulator, errorsOf, included, many, one } from './support.js';

async function containerIdOf(simulator: ReturnType<typeof demoSimulator>, number: string): Promise<string> {
  const [container] = many(await call(simulator, `/containers?filter[number]=${number}`));
  if (!container) throw new Error(`no demo container ${number}`);
  return container.id;
}

function envelope(value: unknown, extra: Record<string, unknown> = {}): CallOptions['body'] {
  return { data: { type: 'custom_field', attributes: { ...extra, value } } };
}

describe('GET /custom_field_definitions', () => {
  const simulator = demoSimulator();

  it('offers the container definitions, one of them with the live entity_type "Cargo"', async () => {
    const result = await call(simulator, '/custom_field_definitions?filter[entity_type]=Container');
    const definitions = many(result);
    expect(definitions.map((d) => d.attributes.api_slug).sort()).toEqual([...DEMO.customFieldSlugs].sort());
    expect(definitions.find((d) => d.attributes.api_slug === 'trucker')?.attributes.entity_type).toBe(
      'Cargo',
    );
  });

  it('sideloads the enum options of delivery_priority by default', async () => {
    const result = await call(simulator, '/custom_field_definitions?filter[data_type]=enum');
    const [priority] = many(result);
    expect(priority?.attributes).toMatchObject({ api_slug: 'delivery_priority', data_type: 'enum' });
    expect(included(result).map((o) => [o.attributes.value, o.attributes.label])).toEqual([
      ['standard', 'Standard'],
      ['rush', 'Rush'],
      ['hold', 'Hold at terminal'],
    ]);
  });

  it('also lists the shipment-level definition when no filter is given', async () => {
    const slugs = many(await call(simulator, '/custom_field_definitions')).map((d) => d.attributes.api_slug);
    expect(slugs).toContain('customer_reference');
    expect(slugs).toHaveLength(4);
  });

  it("serves a definition's options without meta, as live does", async () => {
    const [priority] = many(await call(simulator, '/custom_field_definitions?filter[data_type]=enum'));
    const result = await call(simulator, `/custom_field_definitions/${priority?.id}/options`);
    expect(many(result)).toHaveLength(3);
    expect(result.body).not.toHaveProperty('meta');
  });
});

describe('container custom fields', () => {
  it('lists the current values with their display values', async () => {
    const simulator = demoSimulator();
    const id = await containerIdOf(simulator, DEMO.containers.ready);
    const fields = many(await call(simulator, `/containers/${id}/custom_fields`));
    expect(
      fields.map((f) => [f.attributes.api_slug, f.attributes.value, f.attributes.display_value]),
    ).toEqual([
      ['po_number', 'PO-88412-A', 'PO-88412-A'],
      ['delivery_priority', 'rush', 'Rush'],
    ]);
  });

  it('accepts the JSON:API envelope on PATCH and shows the change on the next GET, display value included', async () => {
    const simulator = demoSimulator();
    const id = await containerIdOf(simulator, DEMO.containers.ready);
    const patched = await call(simulator, `/containers/${id}/custom_fields/delivery_priority`, {
      method: 'PATCH',
      body: envelope('hold'),
    });
    expect(patched.status).toBe(200);
    expect(one(patched)).toMatchObject({
      type: 'custom_field',
      attributes: { api_slug: 'delivery_priority', value: 'hold', display_value: 'Hold at terminal' },
      relationships: { entity: { data: { type: 'container', id } } },
    });
    const fields = many(await call(simulator, `/containers/${id}/custom_fields`));
    expect(fields.find((f) => f.attributes.api_slug === 'delivery_priority')?.attributes.display_value).toBe(
      'Hold at terminal',
    );
  });

  it("accepts the seed's bare {value} body too", async () => {
    const simulator = demoSimulator();
    const id = await containerIdOf(simulator, DEMO.containers.lfdToday);
    const patched = await call(simulator, `/containers/${id}/custom_fields/po_number`, {
      method: 'PATCH',
      body: { value: 'PO-1' },
    });
    expect(one(patched).attributes).toMatchObject({ value: 'PO-1', display_value: 'PO-1' });
  });

  it('clears a value with null', async () => {
    const simulator = demoSimulator();
    const id = await containerIdOf(simulator, DEMO.containers.ready);
    const patched = await call(simulator, `/containers/${id}/custom_fields/po_number`, {
      method: 'PATCH',
      body: envelope(null),
    });
    expect(one(patched).attributes).toMatchObject({ value: null, display_value: null });
  });

  it('rejects an enum value outside the options with a 422 pointing at the value', async () => {
    const simulator = demoSimulator();
    const id = await containerIdOf(simulator, DEMO.containers.ready);
    const result = await call(simulator, `/containers/${id}/custom_fields/delivery_priority`, {
      method: 'PATCH',
      body: envelope('asap'),
    });
    expect(result.status).toBe(422);
    expect(errorsOf(result)).toEqual([
      {
        status: '422',
        source: { pointer: '/data/attributes/value' },
        title: 'Unprocessable Entity',
        detail: 'Value must be one of: standard, rush, hold',
        code: 'invalid',
      },
    ]);
  });

  it('rejects a non-string short_text value and a missing value', async () => {
    const simulator = demoSimulator();
    const id = await containerIdOf(simulator, DEMO.containers.ready);
    const path = `/containers/${id}/custom_fields/trucker`;
    const numeric = await call(simulator, path, { method: 'PATCH', body: envelope(42) });
    expect(errorsOf(numeric)[0]).toMatchObject({ detail: 'Value must be a string' });
    const missing = await call(simulator, path, {
      method: 'PATCH',
      body: { data: { type: 'custom_field', attributes: {} } },
    });
    expect(errorsOf(missing)[0]).toMatchObject({
      code: 'blank',
      source: { pointer: '/data/attributes/value' },
    });
  });

  it('answers an unknown slug with a 404 naming the definition', async () => {
    const simulator = demoSimulator();
    const id = await containerIdOf(simulator, DEMO.containers.ready);
    const result = await call(simulator, `/containers/${id}/custom_fields/colour`, {
      method: 'PATCH',
      body: envelope('red'),
    });
    expect(result.status).toBe(404);
    expect(errorsOf(result)).toEqual([
      { status: '404', title: 'Not Found', detail: "Couldn't find CustomFieldDefinition" },
    ]);
  });

  it('upserts with POST and answers 201', async () => {
    const simulator = demoSimulator();
    const id = await containerIdOf(simulator, DEMO.containers.onHold);
    const created = await call(simulator, `/containers/${id}/custom_fields`, {
      method: 'POST',
      body: envelope('standard', { api_slug: 'delivery_priority' }),
    });
    expect(created.status).toBe(201);
    const again = await call(simulator, `/containers/${id}/custom_fields`, {
      method: 'POST',
      body: envelope('rush', { api_slug: 'delivery_priority' }),
    });
    expect(one(again).id).toBe(one(created).id);
    const fields = many(await call(simulator, `/containers/${id}/custom_fields`));
    expect(
      fields.filter((f) => f.attributes.api_slug === 'delivery_priority').map((f) => f.attributes.value),
    ).toEqual(['rush']);
  });

  it('deletes a value with 204 and then no longer lists it', async () => {
    const simulator = demoSimulator();
    const id = await containerIdOf(simulator, DEMO.containers.onHold);
    const deleted = await call(simulator, `/containers/${id}/custom_fields/trucker`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(many(await call(simulator, `/containers/${id}/custom_fields`))).toEqual([]);
  });

  it('refuses every write from the read-only key with a 403 saying it lacks update permission', async () => {
    const simulator = demoSimulator();
    const id = await containerIdOf(simulator, DEMO.containers.ready);
    const result = await call(simulator, `/containers/${id}/custom_fields/po_number`, {
      key: DEMO.apiKeys.readonly,
      method: 'PATCH',
      body: envelope('PO-2'),
    });
    expect(result.status).toBe(403);
    expect(errorsOf(result)[0]).toMatchObject({ status: '403', title: 'Forbidden' });
    expect(String(errorsOf(result)[0]?.detail)).toMatch(/update permission/);
    const fields = many(
      await call(simulator, `/containers/${id}/custom_fields`, { key: DEMO.apiKeys.readonly }),
    );
    expect(fields.find((f) => f.attributes.api_slug === 'po_number')?.attributes.value).toBe('PO-88412-A');
  });

  it('answers a write to an unknown container with 404', async () => {
    const result = await call(demoSimulator(), '/containers/nope/custom_fields/po_number', {
      method: 'PATCH',
      body: envelope('x'),
    });
    expect(result.status).toBe(404);
  });
});

describe('custom fields on shipments and tracking requests', () => {
  const shipmentFields = `/shipments/${DEMO.shipments.slippedEta.id}/custom_fields`;

  it('sets, lists and deletes a shipment-level field under the shipment, readable by the client', async () => {
    const simulator = demoSimulator();
    const set = await call(simulator, `${shipmentFields}/customer_reference`, {
      method: 'PATCH',
      body: envelope('ACME-77'),
    });
    expect(set.status).toBe(200);
    expect(parseCustomFieldDocument(set.body)).toMatchObject({
      apiSlug: 'customer_reference',
      value: 'ACME-77',
    });
    expect(one(set).relationships.entity).toEqual({
      data: { id: DEMO.shipments.slippedEta.id, type: 'shipment' },
    });
    const listed = parseCustomFieldListDocument((await call(simulator, shipmentFields)).body);
    expect(listed.map((field) => field.apiSlug)).toEqual(['customer_reference']);
    const removed = await call(simulator, `${shipmentFields}/customer_reference`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect(many(await call(simulator, shipmentFields))).toEqual([]);
  });

  it('refuses a container definition on a shipment, and every slug on a tracking request (none is defined)', async () => {
    const simulator = demoSimulator();
    const wrongKind = await call(simulator, `${shipmentFields}/po_number`, {
      method: 'PATCH',
      body: envelope('X'),
    });
    expect(errorsOf(wrongKind)[0]?.detail).toBe("Couldn't find CustomFieldDefinition");
    const onRequest = await call(
      simulator,
      `/tracking_requests/${DEMO.trackingRequests.pending}/custom_fields`,
      {
        method: 'POST',
        body: envelope('X', { api_slug: 'customer_reference' }),
      },
    );
    expect(onRequest.status).toBe(404);
    expect((await call(simulator, '/shipments/nope/custom_fields')).status).toBe(404);
  });
});

describe('the account-wide /custom_fields', () => {
  it('lists every value, filtered by entity type (Cargo counting as Container), entity and definition', async () => {
    const simulator = demoSimulator();
    const all = parseCustomFieldListDocument((await call(simulator, '/custom_fields')).body);
    expect(all.map((field) => field.apiSlug).sort()).toEqual(['delivery_priority', 'po_number', 'trucker']);
    const ready = await containerIdOf(simulator, DEMO.containers.ready);
    const onReady = many(
      await call(simulator, `/custom_fields?filter[entity_type]=Container&filter[entity_id]=${ready}`),
    );
    expect(onReady.map((field) => field.attributes.api_slug).sort()).toEqual([
      'delivery_priority',
      'po_number',
    ]);
    expect(many(await call(simulator, '/custom_fields?filter[entity_type]=Shipment'))).toEqual([]);
    const result = await call(simulator, '/custom_fields?page[size]=1');
    expect(result.body?.meta).toEqual({ size: 1, total: 3 });
  });

  it('creates a value on the entity its relationships name, changes it, reads it and deletes it', async () => {
    const simulator = demoSimulator();
    const created = await call(simulator, '/custom_fields', {
      method: 'POST',
      body: {
        data: {
          type: 'custom_field',
          attributes: { api_slug: 'customer_reference', value: 'ABC124' },
          relationships: { entity: { data: { type: 'shipment', id: DEMO.shipments.arrived.id } } },
        },
      },
    });
    expect(created.status).toBe(201);
    const { id } = one(created);
    const changed = await call(simulator, `/custom_fields/${id}`, {
      method: 'PATCH',
      body: envelope('ABC125'),
    });
    expect(one(changed).attributes.value).toBe('ABC125');
    expect(one(await call(simulator, `/custom_fields/${id}`)).attributes.display_value).toBe('ABC125');
    expect((await call(simulator, `/custom_fields/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await call(simulator, `/custom_fields/${id}`)).status).toBe(404);
  });
});
