/** A channel's watch settings in one sentence, for the line that says who changed them (watch-notices.ts). */
import { CHANGE_CATEGORIES, type ChangeCategory } from '../../domain/changes/index.js';
import { CATEGORY_LABELS } from './settings-modal.js';

export interface SettingsSummaryInput {
  categories: readonly ChangeCategory[];
  etaThresholdHours: number;
  format: 'condensed' | 'detailed';
  broadcastImportant: boolean;
}

export function summarizeChannelSettings(settings: SettingsSummaryInput): string {
  const kinds =
    settings.categories.length === CHANGE_CATEGORIES.length
      ? 'every kind of update'
      : settings.categories.length === 0
        ? 'no updates (the cards still stay up to date)'
        : settings.categories.map((category) => CATEGORY_LABELS[category].toLowerCase()).join('; ');
  return `${kinds}; ETA changes from ${settings.etaThresholdHours} h; ${settings.format} lines; important updates ${
    settings.broadcastImportant ? 'also sent to the channel' : 'in the threads only'
  }.`;
}
