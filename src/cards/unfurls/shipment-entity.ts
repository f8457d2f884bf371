/**
 * A shipment as a Slack Work Object (docs/slack-platform.md, "Work Objects"): the entity `chat.unfurl` attaches to a
 * shared link (the part everyone in the conversation sees: status, POD, ETA, LFD, holds count) and the richer one
 * `entity.presentDetails` shows one person in the flexpane (containers, holds, fees, and Refresh / Watch here / Open
 * in Terminal49). Values are plain text (entity fields are not mrkdwn) clamped to a length Slack shows in full.
 */
import type { EntityActionButton, EntityCustomField, EntityMetadata } from '@slack/types';
import { holdWords } from '../../domain/holds.js';
import { containerStateWords } from '../../domain/status-words.js';
import { clampText } from '../format/clamp-text.js';
import { ACTION, unfurlActionValue } from '../ids.js';
import { feesLine } from '../lines/fees-line.js';
import { isoDate, type ShipmentFacts } from './shipment-facts.js';

/** Slack's Work Object type for "a thing in another product" (a shipment is neither a task, file nor incident). */
export const SHIPMENT_ENTITY_TYPE = 'slack#/entities/item';
/** `external_ref.type`: how entity_details_requested tells a shipment from anything else Shipwatch might unfurl. */
export const SHIPMENT_REF_TYPE = 'shipment';
const MAX_VALUE = 200;

/** A shipment as a Work Object, as Slack takes it (chat.unfurl's `metadata.entities`, entity.presentDetails). */
export type ShipmentEntity = EntityMetadata;

/** Rows listed in the flexpane before "+N more". */
const MAX_ROWS = 20;

export interface EntityLinks {
  /** The link as posted (`app_unfurl_url`); absent in the flexpane, which answers for the entity, not one message. */
  postedUrl?: string;
  /** The entity's own URL: the card's Shipwatch URL when SHIPWATCH_PUBLIC_URL is set, else Terminal49's page. */
  entityUrl: string;
}

/** The shared part: what everyone in the conversation sees under the link. */
export function shipmentEntity(facts: ShipmentFacts, links: EntityLinks): ShipmentEntity {
  const fields = sharedFields(facts);
  return {
    entity_type: SHIPMENT_ENTITY_TYPE,
    external_ref: { id: facts.shipmentId, type: SHIPMENT_REF_TYPE },
    url: links.entityUrl,
    ...(links.postedUrl ? { app_unfurl_url: links.postedUrl } : {}),
    entity_payload: {
      attributes: {
        title: { text: clampText(`Shipment ${facts.number}`, MAX_VALUE) },
        display_type: 'Shipment',
        display_id: clampText(facts.number, MAX_VALUE),
        product_name: 'Shipwatch',
      },
      custom_fields: fields,
      display_order: fields.map((field) => field.key),
    },
  };
}

export interface DetailsOptions extends EntityLinks {
  /** Terminal49's page for the shipment ("Open in Terminal49"). */
  terminal49Url: string;
  /** Where the link was shared: Watch here watches it there; null: no Watch here. */
  channelId: string | null;
  /** The channel already watches it: no Watch here. */
  watchedHere: boolean;
  /** When the shown reading was made (epoch ms). */
  readAtMs: number;
}

/** The flexpane: the shared fields, then containers, holds and fees, and the actions, for one person. */
export function shipmentDetailsEntity(facts: ShipmentFacts, options: DetailsOptions): ShipmentEntity {
  const shared = shipmentEntity(facts, { entityUrl: options.entityUrl });
  const { containers } = facts.assessment;
  const more = (n: number) => (n > MAX_ROWS ? [`+${n - MAX_ROWS} more`] : []);
  const rows = containers.slice(0, MAX_ROWS).map((a) => {
    const parts = [a.container.number, containerStateWords(a.state)];
    if (a.lfd !== null && a.lfd.suppressed !== 'left_terminal') parts.push(`LFD ${isoDate(a.lfd.date)}`);
    return parts.join(' · ');
  });
  const holds = containers.flatMap((a) =>
    a.availability.activeHolds.map((hold) => `${a.container.number}: ${holdWords(hold)}`),
  );
  const fees = containers.flatMap((a) => {
    const line = feesLine(a.fees);
    return line === null ? [] : [`${a.container.number}: ${line.replace(/^💵\s*(Fees\s+)?/, '')}`];
  });
  const fields: EntityCustomField[] = [
    ...(shared.entity_payload.custom_fields ?? []),
    list('containers', 'Containers', [...rows, ...more(containers.length)], 'No containers reported yet'),
    list('active_holds', 'Active holds', [...holds.slice(0, MAX_ROWS), ...more(holds.length)], 'None'),
    list('fees', 'Fees', [...fees.slice(0, MAX_ROWS), ...more(fees.length)], 'None reported'),
    {
      key: 'read_at',
      label: 'Read from Terminal49',
      type: 'slack#/types/timestamp',
      value: Math.floor(options.readAtMs / 1000),
    },
  ];
  const actions: EntityActionButton[] = [
    {
      text: 'Refresh',
      action_id: ACTION.unfurlRefresh,
      value: unfurlActionValue(facts.shipmentId, options.channelId),
    },
    ...(options.channelId !== null && !options.watchedHere
      ? [
          {
            text: 'Watch here',
            action_id: ACTION.unfurlWatch,
            value: unfurlActionValue(facts.shipmentId, options.channelId),
            style: 'primary',
          },
        ]
      : []),
    { text: 'Open in Terminal49', action_id: 'open_terminal49', url: options.terminal49Url },
  ];
  return {
    ...shared,
    entity_payload: {
      ...shared.entity_payload,
      custom_fields: fields,
      display_order: fields.map((field) => field.key),
      actions: { primary_actions: actions },
    },
  };
}

function sharedFields(facts: ShipmentFacts): EntityCustomField[] {
  const fields: EntityCustomField[] = [
    {
      key: 'status',
      label: 'Status',
      type: 'string',
      value: facts.status.words,
      tag_color: facts.status.tone,
    },
    {
      key: 'pod',
      label: 'Port of discharge',
      type: 'string',
      value: clampText(facts.pod ?? 'Unknown', MAX_VALUE),
    },
  ];
  const { arrival } = facts;
  if (arrival === null) fields.push({ key: 'eta', label: 'ETA', type: 'string', value: 'Unknown' });
  else if (arrival.ms === null)
    // A wall time with no zone: shown as written, never as an instant (each reader's zone would shift it).
    fields.push({ key: 'eta', label: arrival.label, type: 'string', value: arrival.text });
  else
    fields.push({
      key: 'eta',
      label: arrival.label,
      type: 'slack#/types/timestamp',
      value: Math.floor(arrival.ms / 1000),
    });
  fields.push(
    facts.lfd === null
      ? { key: 'lfd', label: 'Last free day', type: 'string', value: 'None yet' }
      : { key: 'lfd', label: 'Last free day', type: 'slack#/types/date', value: facts.lfd.iso },
    { key: 'holds', label: 'Active holds', type: 'integer', value: facts.holds },
  );
  return fields;
}

function list(key: string, label: string, items: readonly string[], empty: string): EntityCustomField {
  if (items.length === 0) return { key, label, type: 'string', value: empty };
  return {
    key,
    label,
    type: 'array',
    item_type: 'string',
    value: items.map((item) => ({ type: 'string', value: clampText(item, MAX_VALUE) })),
  };
}
