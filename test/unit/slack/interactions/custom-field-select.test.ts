import { describe, expect, it } from 'vitest';
import { INPUT } from '../../../../src/cards/ids.js';
import { customFieldValueBlockId, serializeCustomFieldMetadata } from '../../../../src/cards/modals/index.js';
import { fixedClock } from '../../../../src/clock.js';
import { createCustomFieldSelectListener } from '../../../../src/slack/actions/custom-field-select.js';
import type { CustomFieldDefinition } from '../../../../src/tracking/models.js';
import { createFakeTracking } from '../../../helpers/fake-tracking-client.js';
import { blockAction } from '../../../helpers/slack/payloads.js';
import { createTestRuntime, testContext } from '../../../helpers/slack/test-runtime.js';

const clock = fixedClock('2026-03-10T12:00:00Z');
const definitions: CustomFieldDefinition[] = [
  {
    id: 'd1',
    apiSlug: 'po_number',
    displayName: 'PO number',
    description: null,
    entityType: 'Container',
    dataType: 'short_text',
    options: [],
  },
  {
    id: 'd2',
    apiSlug: 'delivery_priority',
    displayName: 'Delivery priority',
    description: null,
    entityType: 'Cargo',
    dataType: 'enum',
    options: [
      { value: 'standard', label: 'Standard' },
      { value: 'rush', label: 'Rush' },
    ],
  },
];

describe('choosing another field in the open custom-field modal', () => {
  it("re-renders the modal with the chosen field's input, guarded by the view's hash", async () => {
    const tracking = createFakeTracking({
      listCustomFieldDefinitions: async () => definitions,
      listContainerCustomFields: async () => [],
    });
    const runtime = createTestRuntime({ tracking: tracking.client, clock });
    const listener = createCustomFieldSelectListener(runtime);
    const metadata = serializeCustomFieldMetadata({
      containerId: 'cont-1',
      containerNumber: 'TCLU1234568',
      shipmentId: null,
      channelId: 'C1',
      messageTs: '1.1',
      threadTs: null,
      fields: {},
    });
    const body = blockAction({
      kind: 'overflow',
      actionId: INPUT.customFieldSlug.action,
      selectedValue: 'delivery_priority',
      container: { kind: 'view', viewId: 'V1', privateMetadata: metadata },
    });
    const updates: Array<{ view_id: string; hash?: string; view: { blocks: Array<{ block_id?: string }> } }> =
      [];
    let acked = false;
    const client = {
      views: {
        update: async (args: (typeof updates)[number]) => {
          updates.push(args);
          return { ok: true };
        },
      },
    };
    const ack = async () => {
      acked = true;
    };
    const context = await testContext(runtime, body);
    // SAFETY: the listener reads only ack, body, context and client.views.update, which are all provided.
    await listener({ ack, body, client, context } as never);

    expect(acked).toBe(true);
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ view_id: 'V1', hash: body.view?.hash });
    const blockIds = updates[0]?.view.blocks.map((block) => block.block_id);
    expect(blockIds).toContain(customFieldValueBlockId('delivery_priority'));
    expect(blockIds).not.toContain(customFieldValueBlockId('po_number'));
    // The container number came from the metadata: no shipment lookup.
    expect(tracking.callsTo('getShipment')).toEqual([]);
  });
});
