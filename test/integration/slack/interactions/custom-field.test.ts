import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, INPUT, SET_FIELD_OPTION_PREFIX, VIEW } from '../../../../src/cards/ids.js';
import { renderContainerListMessages, renderShipmentCard } from '../../../../src/cards/index.js';
import { customFieldValueBlockId } from '../../../../src/cards/modals/index.js';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { assertWithinBlockKitLimits } from '../../../helpers/block-kit-validator.js';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';
import { nextId, type SubmittedValue } from '../../../helpers/slack/payloads.js';
import { ackBody, type PostedCard, postCard, textOf, threadReply, writes } from './world.js';

const SHIPMENT = DEMO.shipments.slippedEta;
const CONTAINER = DEMO.containers.ready;

interface OpenedForm {
  card: PostedCard;
  containerId: string;
  viewId: string;
  privateMetadata: string;
}

/** Posts the shipment card, picks "Set custom field" on the container's row and waits for the loaded form. */
async function openForm(harness: BotHarness, userId?: string): Promise<OpenedForm> {
  const detail = await harness.tracking.getShipment(SHIPMENT.id);
  const containerId = detail.containers.find((c) => c.number === CONTAINER)?.id ?? '';
  const card = await postCard(harness, renderShipmentCard(detail, { now: new Date() }));
  const triggerId = nextId('TRIG');
  const answer = await harness.action({
    kind: 'overflow',
    actionId: ACTION.containerOverflow,
    selectedValue: `${SET_FIELD_OPTION_PREFIX}${containerId}`,
    triggerId,
    ...(userId ? { userId } : {}),
    container: { kind: 'message', channelId: card.channelId, messageTs: card.ts, messageBlocks: card.blocks },
  });
  expect(answer.status).toBe(200);
  const opened = await harness.waitForCall('views.open', { trigger_id: triggerId });
  expect(opened.args.view).toMatchObject({ callback_id: VIEW.loading });
  // SAFETY: the fake's views.open answer carries the new view's id.
  const viewId = String((opened.args.view as { id?: string }).id ?? '');
  const updated = await harness.waitForCall(
    'views.update',
    (call) => call.at >= opened.at && JSON.stringify(call.args.view).includes(VIEW.customField),
  );
  // SAFETY: the fake recorded the decoded view JSON the bot sent.
  const view = updated.args.view as { private_metadata: string };
  assertWithinBlockKitLimits(view as never);
  return {
    card,
    containerId,
    viewId: viewId || String(updated.args.view_id),
    privateMetadata: view.private_metadata,
  };
}

function submit(harness: BotHarness, form: OpenedForm, slug: string, value: SubmittedValue, viewId?: string) {
  return harness.submitView({
    callbackId: VIEW.customField,
    privateMetadata: form.privateMetadata,
    viewId: viewId ?? nextId('V'),
    values: {
      [INPUT.customFieldSlug.block]: { [INPUT.customFieldSlug.action]: { selectedOption: slug } },
      [customFieldValueBlockId(slug)]: { [INPUT.customFieldValue.action]: value },
    },
  });
}

describe('setting a container custom field through signed HTTP', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('opens a loading modal first, then the form with the account’s container fields', async () => {
    const form = await openForm(harness);
    const update = harness.slack.callsTo('views.update').at(-1);
    const text = update ? textOf(update) : '';
    for (const slug of DEMO.customFieldSlugs) expect(text).toContain(slug);
    expect(JSON.parse(form.privateMetadata)).toMatchObject({
      containerId: form.containerId,
      containerNumber: CONTAINER,
      shipmentId: SHIPMENT.id,
      channelId: form.card.channelId,
      messageTs: form.card.ts,
    });
  });

  it('saves the value, shows it on the refreshed card under its label and records the change by that label', async () => {
    const form = await openForm(harness);
    harness.sim.resetRequests();
    const answer = await submit(harness, form, 'po_number', '4500123');
    expect(answer.status).toBe(200);
    expect(answer.elapsedMs).toBeLessThan(3_000);
    expect(ackBody(answer)).toEqual({ response_action: 'clear' });
    const write = writes(harness);
    expect(write).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: `/containers/${form.containerId}/custom_fields/po_number`,
      }),
    ]);
    const update = await harness.waitForCall('chat.update', {
      channel: form.card.channelId,
      ts: form.card.ts,
    });
    expect(update.ok).toBe(true);
    expect(textOf(update)).toContain('🏷️ PO number: 4500123');
    const audit = await threadReply(harness, form.card);
    expect(String(audit.args.text)).toBe('✏️ <@U0ALICE> set `PO number` = 4500123 on TCLU1234568');
    const values = await harness.tracking.listContainerCustomFields(form.containerId, { fresh: true });
    expect(values.find((field) => field.apiSlug === 'po_number')?.value).toBe('4500123');
  });

  it('records an enum by the label of the option chosen, as the API displays it', async () => {
    const form = await openForm(harness);
    const answer = await submit(harness, form, 'delivery_priority', { selectedOption: 'rush' });
    expect(ackBody(answer)).toEqual({ response_action: 'clear' });
    const audit = await harness.waitForCall(
      'chat.postMessage',
      (call) => call.args.thread_ts === form.card.ts && String(call.args.text).includes('Delivery priority'),
    );
    expect(String(audit.args.text)).toBe('✏️ <@U0ALICE> set `Delivery priority` = Rush on TCLU1234568');
  });

  it('keeps the modal open with "Enter a value." next to an empty value, and writes nothing', async () => {
    const form = await openForm(harness);
    harness.sim.resetRequests();
    const answer = await submit(harness, form, 'po_number', '   ');
    expect(ackBody(answer)).toEqual({
      response_action: 'errors',
      errors: { [customFieldValueBlockId('po_number')]: 'Enter a value.' },
    });
    expect(writes(harness)).toEqual([]);
  });

  it('refuses an enum value the field does not offer, before calling the API', async () => {
    const form = await openForm(harness);
    harness.sim.resetRequests();
    const answer = await submit(harness, form, 'delivery_priority', { selectedOption: 'yesterday' });
    expect(ackBody(answer)).toMatchObject({ response_action: 'errors' });
    expect(writes(harness)).toEqual([]);
  });

  it('writes once when the same submission arrives twice', async () => {
    const form = await openForm(harness);
    harness.sim.resetRequests();
    const viewId = nextId('V');
    const answers = await Promise.all([
      submit(harness, form, 'trucker', 'ACME Drayage', viewId),
      submit(harness, form, 'trucker', 'ACME Drayage', viewId),
    ]);
    for (const answer of answers) expect(answer.status).toBe(200);
    await threadReply(harness, form.card);
    expect(writes(harness)).toHaveLength(1);
  });

  it('answers in time and reports the result as a message when the API is slower than the ack budget', async () => {
    const form = await openForm(harness);
    harness.sim.resetRequests();
    harness.sim.faults.add({
      match: { method: 'PATCH', path: /custom_fields/ },
      kind: 'delay',
      delayMs: 2_600,
    });
    const answer = await submit(harness, form, 'po_number', 'LATE-1');
    expect(answer.elapsedMs).toBeLessThan(2_900);
    expect(ackBody(answer)).toEqual({ response_action: 'clear' });
    const audit = await threadReply(harness, form.card, 8_000);
    expect(String(audit.args.text)).toContain('LATE-1');
    expect(writes(harness)).toHaveLength(1);
  });

  it('tells the person privately when a write that outlived the ack budget then fails', async () => {
    const form = await openForm(harness);
    harness.sim.faults.add({ match: { method: 'PATCH', path: /custom_fields/ }, kind: 'hang' });
    const answer = await submit(harness, form, 'po_number', 'NEVER-1');
    expect(ackBody(answer)).toEqual({ response_action: 'clear' });
    const notice = await harness.waitForCall(
      'chat.postEphemeral',
      { channel: form.card.channelId, user: 'U0ALICE' },
      15_000,
    );
    expect(textOf(notice)).toMatch(/may or may not have been applied/);
    expect(harness.slack.callsTo('chat.postMessage', { thread_ts: form.card.ts })).toHaveLength(0);
  });
});

describe('setting a custom field with a read-only API key', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness({ apiKey: DEMO.apiKeys.readonly });
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('shows the 403 next to the value, naming the container, and leaves the card alone', async () => {
    const form = await openForm(harness);
    const answer = await submit(harness, form, 'po_number', '4500123');
    expect(ackBody(answer)).toEqual({
      response_action: 'errors',
      errors: {
        [customFieldValueBlockId('po_number')]:
          'The tracking API key lacks update permission on TCLU1234568.',
      },
    });
    expect(harness.slack.callsTo('chat.update', { ts: form.card.ts })).toHaveLength(0);
    expect(harness.slack.callsTo('chat.postMessage', { thread_ts: form.card.ts })).toHaveLength(0);
  });
});

describe('setting a custom field from the full container list in the thread', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('names the container by its number in the form and in the audit line, never by its id', async () => {
    const detail = await harness.tracking.getShipment(SHIPMENT.id);
    const container = detail.containers.find((c) => c.number === CONTAINER);
    const list = renderContainerListMessages(detail, { now: new Date() });
    const message = list.find((candidate) => JSON.stringify(candidate.blocks).includes(CONTAINER));
    if (!container || !message) throw new Error('the demo shipment lists the container');
    const posted = await postCard(harness, message);
    // The option the list renders for this container: what Slack would send back when it is picked.
    const value = JSON.stringify(message.blocks).match(
      new RegExp(`"(${SET_FIELD_OPTION_PREFIX}${container.id}[^"]*)"`),
    )?.[1];
    expect(value).toBeDefined();
    const triggerId = nextId('TRIG');
    await harness.action({
      kind: 'overflow',
      actionId: ACTION.containerOverflow,
      selectedValue: value ?? '',
      triggerId,
      container: {
        kind: 'message',
        channelId: posted.channelId,
        messageTs: posted.ts,
        messageBlocks: posted.blocks,
      },
    });
    const updated = await harness.waitForCall('views.update', (call) =>
      JSON.stringify(call.args.view).includes(VIEW.customField),
    );
    // SAFETY: the fake recorded the decoded view JSON the bot sent.
    const view = updated.args.view as { private_metadata: string };
    expect(JSON.stringify(updated.args.view)).toContain(CONTAINER);
    expect(JSON.parse(view.private_metadata)).toMatchObject({ containerNumber: CONTAINER });
    const answer = await submit(
      harness,
      {
        card: posted,
        containerId: container.id,
        viewId: nextId('V'),
        privateMetadata: view.private_metadata,
      },
      'trucker',
      'ACME Drayage',
    );
    expect(ackBody(answer)).toEqual({ response_action: 'clear' });
    const audit = await harness.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === posted.channelId && String(call.args.text).includes('Trucker'),
    );
    expect(String(audit.args.text)).toContain(CONTAINER);
    expect(String(audit.args.text)).not.toContain(container.id);
  });
});
