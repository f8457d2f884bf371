/**
 * `/shipwatch settings`: the channel's settings for watched shipments as a modal — which kinds of update, the ETA
 * threshold, whether important updates also go to the channel, condensed or detailed lines. The channel travels in
 * private_metadata and is checked again on submission.
 */
import type { KnownBlock } from '@slack/types';
import { CHANGE_CATEGORIES, type ChangeCategory } from '../../domain/changes/index.js';
import { INPUT, VIEW } from '../ids.js';
import { plain } from '../modals/modal-text.js';
import type { ModalView } from '../types.js';

export interface WatchSettingsValues {
  categories: ChangeCategory[];
  etaThresholdHours: number;
  broadcastImportant: boolean;
  format: 'condensed' | 'detailed';
  /** Days off (0 = Sunday … 6 = Saturday) for digests and "the next working day"; absent: Saturday and Sunday. */
  daysOff?: readonly number[];
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const CATEGORY_LABELS: Readonly<Record<ChangeCategory, string>> = {
  eta: 'ETA changes and rolled bookings',
  vessel: 'Vessel departed, arrived, berthed',
  terminal: 'Discharged, available, not available',
  holds: 'Holds added and released',
  fees: 'Fees posted',
  lfd: 'Last free day set or changed',
  appointments: 'Pickup appointments',
  pickup: 'Picked up, empty returned',
  rail: 'Rail and inland destination',
  tracking: 'Tracking stopped or failed',
  reminders: 'LFD reminders',
};

export function renderWatchSettingsModal(
  values: WatchSettingsValues,
  meta: { channelId: string; thresholds: readonly number[] },
): ModalView {
  const option = (text: string, value: string) => ({ text: plain(text, 75), value });
  const categories = CHANGE_CATEGORIES.map((category) => option(CATEGORY_LABELS[category], category));
  const daysOff = WEEKDAY_NAMES.map((name, day) => option(name, String(day)));
  const off = new Set(values.daysOff ?? [6, 0]);
  const initialDaysOff = daysOff.filter((_, day) => off.has(day));
  const thresholds = meta.thresholds.map((hours) =>
    option(`${hours} hour${hours === 1 ? '' : 's'}`, String(hours)),
  );
  const currentThreshold =
    thresholds.find((item) => item.value === String(values.etaThresholdHours)) ?? thresholds[0];
  const formats = [
    option('Condensed: one short line per change, boxes grouped', 'condensed'),
    option('Detailed: a line per box, with each reader’s own time', 'detailed'),
  ];
  const broadcast = option('Also send important updates to the channel', 'broadcast');
  const blocks: KnownBlock[] = [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: 'Updates of watched shipments go to each card’s thread. Choose what this channel gets.',
      },
    },
    {
      type: 'input',
      block_id: INPUT.watchCategories.block,
      optional: true,
      label: plain('Post these updates', 2000),
      element: {
        type: 'checkboxes',
        action_id: INPUT.watchCategories.action,
        options: categories,
        ...(values.categories.length > 0
          ? {
              initial_options: categories.filter((item) =>
                values.categories.includes(item.value as ChangeCategory),
              ),
            }
          : {}),
      },
    },
    {
      type: 'input',
      block_id: INPUT.watchEtaThreshold.block,
      label: plain('Report an ETA change from', 2000),
      element: {
        type: 'static_select',
        action_id: INPUT.watchEtaThreshold.action,
        options: thresholds,
        ...(currentThreshold ? { initial_option: currentThreshold } : {}),
      },
    },
    {
      type: 'input',
      block_id: INPUT.watchFormat.block,
      label: plain('Lines', 2000),
      element: {
        type: 'radio_buttons',
        action_id: INPUT.watchFormat.action,
        options: formats,
        initial_option: values.format === 'detailed' ? (formats[1] ?? formats[0]) : formats[0],
      },
    },
    {
      type: 'input',
      block_id: INPUT.watchBroadcast.block,
      optional: true,
      label: plain('Important updates', 2000),
      hint: plain(
        'A box available, a hold added, a rolled booking, tracking stopped, LFD today or passed.',
        2000,
      ),
      element: {
        type: 'checkboxes',
        action_id: INPUT.watchBroadcast.action,
        options: [broadcast],
        ...(values.broadcastImportant ? { initial_options: [broadcast] } : {}),
      },
    },
    {
      type: 'input',
      block_id: INPUT.watchDaysOff.block,
      optional: true,
      label: plain('Days off', 2000),
      hint: plain(
        'Working-days digests skip them, and the digest\'s "next working day" counts past them.',
        2000,
      ),
      element: {
        type: 'checkboxes',
        action_id: INPUT.watchDaysOff.action,
        options: daysOff,
        ...(initialDaysOff.length > 0 ? { initial_options: initialDaysOff } : {}),
      },
    },
  ];
  return {
    type: 'modal',
    callback_id: VIEW.watchSettings,
    title: plain('Watch settings', 24),
    submit: plain('Save', 24),
    close: plain('Cancel', 24),
    private_metadata: JSON.stringify({ channelId: meta.channelId }),
    blocks,
  };
}
