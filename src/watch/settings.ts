/**
 * A channel's settings for watched shipments (`/shipwatch settings`, README "Watching shipments"): which kinds of
 * update it gets, how far an ETA must move before it is told (default 6 h), whether important updates also go to the
 * channel (`reply_broadcast`), and condensed or detailed lines. Noise is what people hate most in chat-ops
 * subscriptions, so the defaults post every kind, grouped, in the card's thread only.
 */
import { CHANGE_CATEGORIES, type ChangeCategory } from '../domain/changes/index.js';

export type UpdateFormat = 'condensed' | 'detailed';

export interface ChannelSettings {
  categories: ChangeCategory[];
  etaThresholdHours: number;
  broadcastImportant: boolean;
  format: UpdateFormat;
}

export const DEFAULT_CHANNEL_SETTINGS: Readonly<ChannelSettings> = Object.freeze({
  categories: [...CHANGE_CATEGORIES],
  etaThresholdHours: 6,
  broadcastImportant: false,
  format: 'condensed',
});

/** The ETA thresholds the settings form offers, in hours. */
export const ETA_THRESHOLD_CHOICES = [1, 3, 6, 12, 24, 48] as const;

/** Reads stored settings leniently: anything missing or unreadable takes its default. */
export function readChannelSettings(value: unknown): ChannelSettings {
  const record: Record<string, unknown> = value !== null && typeof value === 'object' ? { ...value } : {};
  const categories = Array.isArray(record.categories)
    ? CHANGE_CATEGORIES.filter((category) => (record.categories as unknown[]).includes(category))
    : [...DEFAULT_CHANNEL_SETTINGS.categories];
  const hours = Number(record.etaThresholdHours);
  return {
    categories,
    etaThresholdHours: Number.isFinite(hours) && hours >= 1 && hours <= 168 ? hours : 6,
    broadcastImportant: record.broadcastImportant === true,
    format: record.format === 'detailed' ? 'detailed' : 'condensed',
  };
}
