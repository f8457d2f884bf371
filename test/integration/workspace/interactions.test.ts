import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAppManifest } from '../../../src/workspace/manifest/app-manifest.js';
import { callWebApi } from '../../helpers/slack/call-web-api.js';
import { ADA, type Harness, startHarness } from './helpers/harness.js';

const input = (blockId: string, actionId: string, label: string) => ({
  type: 'input',
  block_id: blockId,
  label: { type: 'plain_text', text: label },
  element: { type: 'plain_text_input', action_id: actionId },
});
const selectInput = {
  type: 'input',
  block_id: 'slug',
  label: { type: 'plain_text', text: 'Field' },
  element: {
    type: 'static_select',
    action_id: 'slug_input',
    options: ['po_number', 'trucker'].map((v) => ({ text: { type: 'plain_text', text: v }, value: v })),
  },
};
const form = {
  type: 'modal',
  callback_id: 'custom_field_modal',
  private_metadata: '{"containerId":"c1"}',
  title: { type: 'plain_text', text: 'Set custom field' },
  submit: { type: 'plain_text', text: 'Save' },
  blocks: [selectInput, input('value', 'value_input', 'Value')],
};

describe('interactions through the stand-in', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ ackTimeoutMs: 300 });
  });
  afterAll(() => h.close());

  /** Opens `form` for Ada through a real command → trigger_id → views.open round trip; returns the view id. */
  async function openForm(): Promise<string> {
    let viewId = '';
    h.bot.handle(async (request) => {
      const opened = await callWebApi(`${h.url}/api/`, h.token, 'views.open', {
        trigger_id: request.fields.trigger_id,
        view: form,
      });
      viewId = (opened.view as { id: string }).id;
      return null;
    });
    await h.ui('command', { userId: ADA, text: '/track-edit 7c6d5e4f' });
    return viewId;
  }
  const values = (slug: string | null, value: string) => ({
    slug: { slug_input: { type: 'option', value: slug } },
    value: { value_input: { type: 'text', value } },
  });

  it('shows a slash command’s immediate JSON answer to the invoking user only', async () => {
    h.bot.handle(() => ({ json: { text: 'Looking that up…' } }));
    await h.ui('command', { userId: ADA, text: '/shipment MAEU240817361' });
    expect((await h.state()).timeline.at(-1)).toMatchObject({ text: 'Looking that up…', ephemeralTo: ADA });
  });

  it('shows a plain-text answer (Bolt’s ack("text")) as an ephemeral message', async () => {
    h.bot.handle(() => ({ text: 'Usage: /shipment NUMBER' }));
    await h.ui('command', { userId: ADA, text: '/shipment' });
    expect((await h.state()).timeline.at(-1)).toMatchObject({
      text: 'Usage: /shipment NUMBER',
      ephemeralTo: ADA,
    });
  });

  it('sends the modal’s state.values, private_metadata and hash on submit, then closes it on an empty answer', async () => {
    const viewId = await openForm();
    h.bot.handle(() => null);
    expect(
      (await h.ui('submit', { userId: ADA, viewId, values: values('po_number', 'PO-7781') })).json,
    ).toEqual({
      ok: true,
    });
    expect(h.bot.received.at(-1)?.payload).toMatchObject({
      type: 'view_submission',
      user: { id: ADA },
      view: {
        id: viewId,
        callback_id: 'custom_field_modal',
        private_metadata: '{"containerId":"c1"}',
        hash: expect.any(String),
        state: {
          values: {
            slug: {
              slug_input: {
                type: 'static_select',
                selected_option: { text: { type: 'plain_text', text: 'po_number' }, value: 'po_number' },
              },
            },
            value: { value_input: { type: 'plain_text_input', value: 'PO-7781' } },
          },
        },
      },
    });
    expect((await h.state()).modals).toEqual([]);
  });

  it('keeps the modal open with messages under the fields for response_action errors', async () => {
    const viewId = await openForm();
    h.bot.handle(() => ({
      json: { response_action: 'errors', errors: { value: 'Use at most 50 characters.' } },
    }));
    await h.ui('submit', { userId: ADA, viewId, values: values('po_number', 'x'.repeat(60)) });
    expect((await h.state()).modals).toMatchObject([
      { viewId, errors: { value: 'Use at most 50 characters.' } },
    ]);
  });

  it('replaces the modal for response_action update and closes all for clear', async () => {
    const viewId = await openForm();
    const done = { ...form, title: { type: 'plain_text', text: 'Saved' }, submit: undefined, blocks: [] };
    h.bot.handle(() => ({
      json: { response_action: 'update', view: { ...done, blocks: [{ type: 'divider' }] } },
    }));
    await h.ui('submit', { userId: ADA, viewId, values: values('trucker', 'ACME') });
    expect((await h.state()).modals).toMatchObject([{ viewId, view: { title: { text: 'Saved' } } }]);
    h.bot.handle(() => ({ json: { response_action: 'clear' } }));
    await h.ui('submit', { userId: ADA, viewId, values: {} });
    expect((await h.state()).modals).toEqual([]);
  });

  it('sends actions inside a modal with the view and its current values', async () => {
    const viewId = await openForm();
    h.bot.handle(() => null);
    await h.ui('action', {
      userId: ADA,
      source: { kind: 'view', viewId },
      blockId: 'slug',
      actionId: 'slug_input',
      selectedValue: 'trucker',
      values: values('trucker', 'ACME'),
    });
    expect(h.bot.received.at(-1)?.payload).toMatchObject({
      type: 'block_actions',
      container: { type: 'view', view_id: viewId },
      view: { id: viewId, state: { values: { value: { value_input: { value: 'ACME' } } } } },
      actions: [{ type: 'static_select', selected_option: { value: 'trucker' } }],
    });
  });

  it('reports operation_timeout to the person when the bot does not answer within the ack deadline', async () => {
    h.bot.handle(() => ({ delayMs: 1_000 }));
    await h.ui('command', { userId: ADA, text: '/shipment MAEU240817361' });
    expect((await h.state()).timeline.at(-1)).toMatchObject({
      kind: 'notice',
      text: '/shipment failed with the error "operation_timeout"',
      userId: ADA,
    });
  });

  it('reports dispatch_failed when the bot rejects the signature', async () => {
    h.bot.handle(() => ({ status: 401 }));
    await h.ui('command', { userId: ADA, text: '/vessel 9778791' });
    expect((await h.state()).timeline.at(-1)).toMatchObject({
      kind: 'notice',
      text: '/vessel failed with the error "dispatch_failed"',
    });
  });

  it('tells the person when a command is not one the app registers, without calling the bot', async () => {
    const before = h.bot.received.length;
    const result = await h.ui('command', { userId: ADA, text: '/track 123' });
    expect(result.json).toEqual({ ok: false, error: 'unknown_command' });
    expect(h.bot.received.length).toBe(before);
    expect((await h.state()).timeline.at(-1)).toMatchObject({ kind: 'notice', level: 'warn' });
  });

  it('routes a command to the bot as soon as the manifest declares it, as Slack does', async () => {
    const manifest = parseAppManifest(
      'features:\n  slash_commands:\n    - command: /track\n      description: Track\n',
    );
    const withTrack = await startHarness({ manifest });
    try {
      withTrack.bot.handle(() => ({ json: { text: 'Tracking…' } }));
      await withTrack.ui('command', { userId: ADA, text: '/track 123' });
      expect(withTrack.bot.received.at(-1)?.fields).toMatchObject({ command: '/track', text: '123' });
    } finally {
      await withTrack.close();
    }
  });

  it('refuses page requests that are not JSON, so other sites cannot post commands', async () => {
    const response = await fetch(`${h.url}/ui/command`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ userId: ADA, text: '/shipment X' }),
    });
    expect(response.status).toBe(415);
  });

  it('refuses a cross-site POST that smuggles "application/json" into a plain-text type, and runs nothing', async () => {
    const before = h.bot.received.length;
    const host = new URL(h.url).host;
    // A page on another origin can send this without a preflight: text/plain is a simple type, whatever follows it.
    const smuggled = await fetch(`${h.url}/ui/command`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain; charset=application/json',
        origin: 'http://evil.localhost:8080',
        host,
      },
      body: JSON.stringify({ userId: ADA, text: '/shipment X' }),
    });
    expect(smuggled.status).toBe(403);
    const sameSiteSmuggled = await fetch(`${h.url}/ui/command`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=application/json' },
      body: JSON.stringify({ userId: ADA, text: '/shipment X' }),
    });
    expect(sameSiteSmuggled.status).toBe(415);
    expect(h.bot.received.length).toBe(before);
  });
});
