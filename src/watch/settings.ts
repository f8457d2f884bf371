/**
 * A channel's settings for watched shipments (`/shipwatch settings`, README "Watching shipments"): which kinds of
 * update it gets, how far an ETA must move before it is told (default 6 h), whether important updates also go to the
 * channel (`reply_broadcast`), and condensed or detailed lines. Noise is what people hate most in chat-ops
 * subscriptions, so the defaults post every kind, grouped, in the card's thread only.
 */
import {
  DEFAULT_WORKING_WEEK,
  type Weekday,
  type WorkingWeek,
  workingWeekWith,
} from '../domain/attention/index.js';
import { CHANGE_CATEGORIES, type ChangeCategory } from '../domain/changes/index.js';
import type { DigestSchedule } from '../domain/digest/index.js';

export type UpdateFormat = 'condensed' | 'detailed';

export interface ChannelSettings {
  categories: ChangeCategory[];
  etaThresholdHours: number;
  broadcastImportant: boolean;
  format: UpdateFormat;
  /**
   * The channel's days off (0 = Sunday … 6 = Saturday) for its digest and for "the next working day": Saturday and
   * Sunday unless the channel says otherwise. Absent from settings saved before it existed (read as the default).
   */
  daysOff?: Weekday[];
}

/** A channel's daily digest (`/shipwatch digest 08:00 [weekdays]`), stored with its settings. */
export interface DigestSetting extends DigestSchedule {
  setBy: string;
  setAt: number;
}

export const DEFAULT_CHANNEL_SETTINGS: Readonly<ChannelSettings> = Object.freeze({
  categories: [...CHANGE_CATEGORIES],
  etaThresholdHours: 6,
  broadcastImportant: false,
  format: 'condensed',
  daysOff: [6, 0] as Weekday[],
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
    daysOff: readDaysOff(record.daysOff),
  };
}

function readDaysOff(value: unknown): Weekday[] {
  if (!Array.isArray(value)) return [...DEFAULT_WORKING_WEEK.daysOff];
  // SAFETY: filtered to the integers 0–6 just before.
  return [...new Set(value.filter((day) => Number.isInteger(day) && day >= 0 && day <= 6))] as Weekday[];
}

/** The channel's working week (its days off, Saturday and Sunday by default). */
export function workingWeekOf(settings: Pick<ChannelSettings, 'daysOff'>): WorkingWeek {
  return workingWeekWith(settings.daysOff);
}

/** The channel's digest as stored with its settings; null when it has none (or it cannot be read). */
export function readDigestSetting(value: unknown): DigestSetting | null {
  const record = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {}; // SAFETY: fields checked below.
  const digest = record.digest;
  if (digest === null || typeof digest !== 'object') return null;
  const { hour, minute, timeZone, workingDaysOnly, setBy, setAt } = digest as Record<string, unknown>; // SAFETY: each checked below.
  if (!Number.isInteger(hour) || !Number.isInteger(minute) || typeof timeZone !== 'string') return null;
  const h = Number(hour);
  const m = Number(minute);
  if (h < 0 || h > 23 || m < 0 || m > 59) return null;
  return {
    hour: h,
    minute: m,
    timeZone,
    workingDaysOnly: workingDaysOnly === true,
    setBy: typeof setBy === 'string' ? setBy : '',
    setAt: typeof setAt === 'number' ? setAt : 0,
  };
}
