/**
 * fast-check generators for what people and Slack can send: slash-command text (unicode, control characters, up to
 * 20 kB, mentions, injection attempts, empty, only spaces, real demo numbers), and interaction payloads built from a
 * valid shape with fields missing, of the wrong type, oversized, or tampered with. Each generated case also carries
 * a unique channel, response_url slot and trigger id so its answers can be told apart from its neighbours'.
 */
import fc from 'fast-check';
import { ACTION, INPUT, SET_FIELD_OPTION_PREFIX, VIEW } from '../../../src/cards/ids.js';
import { customFieldValueBlockId } from '../../../src/cards/modals/index.js';
import { DEMO } from '../../../src/simulator/demo/catalog.js';
import { SLASH_COMMANDS } from '../../../src/slack/index.js';

const DEMO_WORDS = [
  DEMO.shipments.slippedEta.bl,
  DEMO.shipments.arrived.bl,
  DEMO.shipments.manyContainers.booking,
  DEMO.shipments.slippedEta.id,
  DEMO.shipments.nonUuid.id,
  DEMO.containers.onHold,
  DEMO.containers.ready,
  DEMO.vessels.withPositions.imo,
  DEMO.vessels.moored.id,
  DEMO.trackingRequests.pending,
  DEMO.trackingRequests.created,
  DEMO.emailSubmissions.withImages,
  DEMO.emailSubmissions.pdfOnly,
];

const SLACK_MARKUP = [
  '<@U1>',
  '<@U1|bob>',
  '<!channel>',
  '<!here>',
  '<!everyone>',
  '<!subteam^S1|@ops>',
  '<#C1|general>',
  '<https://evil.example|click>',
  '<mailto:a@b.c|mail>',
  '<!date^1719849600^{date}|x>',
];

const INJECTIONS = [
  "'; DROP TABLE shipments; --",
  '../../../../etc/passwd',
  '%00%0d%0aSet-Cookie: x=1',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal template-injection probe, not a template.
  '${7*7}{{7*7}}<%= 7*7 %>',
  '<script>alert(1)</script>',
  '{"__proto__":{"admin":true}}',
  'constructor prototype __proto__',
  'ref=',
  'tags=',
  'ref="unterminated',
  'tags=,,,,',
  'private private private',
  '=====',
  '*bold* _it_ ~s~ `code` ```block```',
  '&amp; &lt; &gt;',
  '\u202Eexe.fdp',
  '\u200B\u200C\u200D\uFEFF',
  'ＭＡＥＵ２４０８１７３６１',
  '@alice @bob',
  'https://app.terminal49.com/shipments/7f3c1e2a-5b8d-4c6e-9a1f-2d3b4c5e6f70',
];

const SPACES = ['', ' ', '   ', '\t', '\n', '\r\n', '\u00A0', '\u3000', ' \u2003 \t '];

const controlChars = fc
  .array(fc.integer({ min: 0, max: 0x1f }), { maxLength: 40 })
  .map((codes) => String.fromCharCode(...codes));

const hugeText = fc
  .tuple(
    fc.integer({ min: 2_000, max: 20_000 }),
    fc.constantFrom('A', 'é', '𝔘', '<!channel> ', '\u202E', ' ', 'MAEU240817361 ', '\u0000', '🙂'),
  )
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

const word = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...DEMO_WORDS) },
  { weight: 3, arbitrary: fc.constantFrom(...SLACK_MARKUP) },
  { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: controlChars },
  {
    weight: 1,
    arbitrary: fc.constantFrom('ref=X', 'tags=a,b', 'private', 'help', 'shipment', 'vessel', 'imo'),
  },
);

/** Everything people type after a slash command, from nothing to 20 kB. */
export const commandText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.array(word, { maxLength: 6 }).map((words) => words.join(' ')) },
  { weight: 2, arbitrary: fc.constantFrom(...SPACES) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 1, arbitrary: controlChars },
  { weight: 1, arbitrary: hugeText },
);

export interface CommandCase {
  kind: 'command';
  command: string;
  text: string;
}

export const commandCase: fc.Arbitrary<CommandCase> = fc.record({
  kind: fc.constant('command' as const),
  command: fc.constantFrom(...SLASH_COMMANDS),
  text: commandText,
});

/** Values of a wrong type, for fields that should be strings or objects. */
const wrongType = fc.constantFrom<unknown>(null, 42, -1, true, [], ['x'], {}, { nested: { deep: 1 } }, 1e308);

const anyValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...DEMO_WORDS, ...Object.values(DEMO.documents)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      `${SET_FIELD_OPTION_PREFIX}${DEMO.containers.onHold}`,
      SET_FIELD_OPTION_PREFIX,
    ),
  },
  { weight: 3, arbitrary: commandText },
  { weight: 1, arbitrary: wrongType },
);

const KNOWN_ACTIONS = [...Object.values(ACTION), INPUT.customFieldSlug.action];

export interface ActionCase {
  kind: 'action';
  actionId: unknown;
  elementType: unknown;
  value: unknown;
  /** Which field carries the value: a button's `value`, a menu's `selected_option`, or neither. */
  valueShape: 'button' | 'selected_option' | 'missing';
  container: 'message' | 'view' | 'missing' | 'wrong_type' | 'message_without_ts';
  messageBlocks: unknown;
  privateMetadata: unknown;
  user: 'valid' | 'missing_id' | 'wrong_type_id' | 'guest';
  team: 'valid' | 'missing' | 'null';
  responseUrl: 'catcher' | 'empty' | 'missing' | 'garbage';
  triggerId: 'valid' | 'missing' | 'wrong_type';
  extraActions: number;
}

export const actionCase: fc.Arbitrary<ActionCase> = fc.record({
  kind: fc.constant('action' as const),
  actionId: fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom<unknown>(...KNOWN_ACTIONS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>('x'.repeat(300), 'shipment_refresh ', 'SHIPMENT_REFRESH'),
    },
  ),
  elementType: fc.constantFrom<unknown>(
    'button',
    'button',
    'overflow',
    'static_select',
    'datepicker',
    'mystery',
    7,
  ),
  value: anyValue,
  valueShape: fc.constantFrom('button', 'button', 'selected_option', 'missing'),
  container: fc.constantFrom(
    'message',
    'message',
    'message',
    'view',
    'missing',
    'wrong_type',
    'message_without_ts',
  ),
  messageBlocks: fc.oneof(
    { weight: 3, arbitrary: fc.constant<unknown>([]) },
    {
      weight: 2,
      arbitrary: fc.constant<unknown>([
        {
          type: 'actions',
          elements: [
            {
              type: 'button',
              action_id: ACTION.emailSubmissionRefresh,
              value: DEMO.emailSubmissions.withImages,
            },
          ],
        },
        {
          type: 'actions',
          elements: [
            { type: 'button', action_id: ACTION.shipmentRefresh, value: DEMO.shipments.slippedEta.id },
          ],
        },
      ]),
    },
    { weight: 1, arbitrary: wrongType },
  ),
  privateMetadata: fc.oneof(fc.constant<unknown>(''), metadataArb()),
  user: fc.constantFrom('valid', 'valid', 'valid', 'missing_id', 'wrong_type_id', 'guest'),
  team: fc.constantFrom('valid', 'valid', 'missing', 'null'),
  responseUrl: fc.constantFrom('catcher', 'catcher', 'catcher', 'empty', 'missing', 'garbage'),
  triggerId: fc.constantFrom('valid', 'valid', 'missing', 'wrong_type'),
  extraActions: fc.constantFrom(0, 0, 0, 1),
});

function metadataArb(): fc.Arbitrary<unknown> {
  const validCustomField = JSON.stringify({
    containerId: DEMO.containers.onHold,
    containerNumber: DEMO.containers.onHold,
    shipmentId: DEMO.shipments.slippedEta.id,
    channelId: 'C0OPS',
    messageTs: '1700000000.000001',
    threadTs: null,
    fields: {
      po_number: { type: 'short_text' },
      delivery_priority: { type: 'enum', options: ['standard', 'rush'] },
    },
  });
  const validTrackEdit = JSON.stringify({
    trackingRequestId: DEMO.trackingRequests.pending,
    requestNumber: 'REQ',
    channelId: 'C0OPS',
    messageTs: null,
    threadTs: null,
    original: { ref: '', tags: [] },
  });
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom<unknown>(validCustomField, validTrackEdit) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(validCustomField, validTrackEdit), fc.nat(), fc.string({ maxLength: 5 }))
        .map(([json, at, insert]) => json.slice(0, at % json.length) + insert + json.slice(at % json.length)),
    },
    {
      weight: 2,
      arbitrary: fc
        .record(
          {
            containerId: fc.oneof(fc.string(), wrongType),
            trackingRequestId: fc.oneof(fc.string(), wrongType),
            channelId: fc.oneof(fc.string(), wrongType),
            messageTs: fc.oneof(fc.string(), wrongType),
            fields: fc.oneof(
              wrongType,
              fc.dictionary(fc.string(), fc.oneof(wrongType, fc.record({ type: fc.string() }))),
            ),
            original: fc.oneof(
              wrongType,
              fc.record({
                ref: fc.oneof(fc.string(), wrongType),
                tags: fc.oneof(fc.array(fc.string()), wrongType),
              }),
            ),
          },
          { requiredKeys: [] },
        )
        .map((record) => JSON.stringify(record)),
    },
    { weight: 1, arbitrary: hugeText },
    { weight: 1, arbitrary: wrongType },
  );
}

export interface ViewCase {
  kind: 'view';
  callbackId: unknown;
  privateMetadata: unknown;
  values: unknown;
  viewId: unknown;
  user: 'valid' | 'missing_id' | 'wrong_type_id' | 'guest';
  team: 'valid' | 'missing' | 'null';
}

const stateEntry = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('plain_text_input'), value: fc.oneof(commandText, wrongType) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('static_select'),
      selected_option: fc.oneof(
        fc.record({
          value: fc.oneof(
            fc.constantFrom('po_number', 'delivery_priority', 'trucker', 'rush'),
            commandText,
            wrongType,
          ),
        }),
        wrongType,
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('multi_static_select'),
      selected_options: fc.oneof(fc.array(fc.record({ value: fc.string() })), wrongType),
    }),
  },
  { weight: 1, arbitrary: wrongType },
);

const KNOWN_BLOCKS = [
  INPUT.customFieldSlug.block,
  customFieldValueBlockId('po_number'),
  customFieldValueBlockId('delivery_priority'),
  INPUT.trackEditRef.block,
  INPUT.trackEditTags.block,
];
const KNOWN_INPUTS = [
  INPUT.customFieldSlug.action,
  INPUT.customFieldValue.action,
  INPUT.trackEditRef.action,
  INPUT.trackEditTags.action,
];

export const viewCase: fc.Arbitrary<ViewCase> = fc.record({
  kind: fc.constant('view' as const),
  callbackId: fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom<unknown>(VIEW.customField, VIEW.trackEdit) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(VIEW.loading, 'unknown_modal', '') },
  ),
  privateMetadata: metadataArb(),
  values: fc.oneof(
    {
      weight: 5,
      arbitrary: fc.dictionary(
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...KNOWN_BLOCKS) },
          { weight: 1, arbitrary: fc.string() },
        ),
        fc.oneof(
          fc.dictionary(
            fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom(...KNOWN_INPUTS) },
              { weight: 1, arbitrary: fc.string() },
            ),
            stateEntry,
            { maxKeys: 3 },
          ),
          wrongType,
        ),
        { maxKeys: 4 },
      ),
    },
    { weight: 1, arbitrary: wrongType },
  ),
  viewId: fc.oneof(
    { weight: 5, arbitrary: fc.constant<unknown>('fresh') },
    { weight: 1, arbitrary: wrongType },
  ),
  user: fc.constantFrom('valid', 'valid', 'valid', 'missing_id', 'wrong_type_id', 'guest'),
  team: fc.constantFrom('valid', 'valid', 'missing', 'null'),
});
