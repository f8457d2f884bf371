/**
 * The changes Shipwatch tells a channel about, as data: what changed, on which container, from what to what, and
 * when (with the zone it happened in). Renderers phrase them (src/cards/watch/); the engine keys each by `key`, so
 * one change is posted once in a channel whichever path (webhook or poll) saw it first. Each change belongs to a
 * category a channel can switch off, and some are important enough to be sent to the channel as well.
 */
import type { ZonedTimestamp } from '../../tracking/models.js';
import type { AvailabilityKind } from '../availability.js';
import type { HoldRef, LfdDate, PostedFee, VesselRef } from './snapshot.js';

export interface ContainerRef {
  id: string;
  number: string;
}

interface Base {
  /** Stable identity of this change: the same change always gets the same key. */
  key: string;
}

/**
 * For what the API reports without a time of its own (a box available, a hold added, an LFD set): when Shipwatch
 * saw it, in the zone of the place it happened. Absent in changes stored before it was recorded.
 */
interface Seen {
  seenAt?: ZonedTimestamp | null;
}

export type WatchChange =
  | (Base & {
      kind: 'eta_changed';
      container: null;
      /** The port of discharge (absent in changes stored before inland ETAs were told) or the inland destination. */
      leg?: 'pod' | 'destination';
      from: ZonedTimestamp | null;
      to: ZonedTimestamp;
      original: ZonedTimestamp | null;
      place: string | null;
    })
  | (Base & {
      kind: 'departed' | 'arrived' | 'berthed';
      container: null;
      at: ZonedTimestamp;
      place: string | null;
    })
  | (Base & {
      kind: 'discharged' | 'picked_up' | 'on_rail' | 'rail_arrived' | 'inland_arrived' | 'empty_returned';
      container: ContainerRef;
      at: ZonedTimestamp | null;
      place: string | null;
    })
  | (Base &
      Seen & { kind: 'available'; container: ContainerRef; from: AvailabilityKind; place: string | null })
  | (Base &
      Seen & {
        kind: 'not_available';
        container: ContainerRef;
        to: AvailabilityKind;
        holds: string[];
        /** The holds by name and description (absent in changes stored before descriptions were kept). */
        heldBy?: HoldRef[];
      })
  | (Base &
      Seen & {
        kind: 'hold_added' | 'hold_released';
        container: ContainerRef;
        hold: string;
        /** The terminal's own text for it ("ONDOCK"): with the name, what the hold is. */
        description?: string | null;
        pending: boolean;
      })
  | (Base &
      Seen & { kind: 'fees_posted'; container: ContainerRef; fee: PostedFee; previousAmount: number | null })
  | (Base &
      Seen & { kind: 'lfd_set' | 'lfd_changed'; container: ContainerRef; from: LfdDate | null; to: LfdDate })
  | (Base & {
      kind: 'appointment_set';
      container: ContainerRef;
      from: ZonedTimestamp | null;
      to: ZonedTimestamp;
    })
  | (Base & {
      kind: 'vessel_changed';
      container: null;
      from: VesselRef;
      to: VesselRef;
      eta: ZonedTimestamp | null;
    })
  | (Base & {
      kind: 'tracking_stopped' | 'tracking_failed';
      container: null;
      at: string | null;
      reason: string | null;
    })
  | (Base & {
      kind: 'lfd_reminder';
      container: ContainerRef;
      when: ReminderKind;
      lfd: LfdDate;
      /**
       * A `tomorrow` reminder sent on the last working day before days off (Friday for a Monday LFD): the LFD is the
       * next working day, not tomorrow. Absent on reminders recorded before working days counted.
       */
      afterDaysOff?: boolean;
    });

export type ChangeKind = WatchChange['kind'];

/** The last working day before the LFD (08:00), its morning (08:00), and once it is past. */
export type ReminderKind = 'tomorrow' | 'today' | 'overdue';

/** What a channel can switch on and off (`/shipwatch settings`). */
export const CHANGE_CATEGORIES = [
  'eta',
  'vessel',
  'terminal',
  'holds',
  'fees',
  'lfd',
  'appointments',
  'pickup',
  'rail',
  'tracking',
  'reminders',
] as const;

export type ChangeCategory = (typeof CHANGE_CATEGORIES)[number];

const CATEGORY: Readonly<Record<ChangeKind, ChangeCategory>> = {
  eta_changed: 'eta',
  vessel_changed: 'eta',
  departed: 'vessel',
  arrived: 'vessel',
  berthed: 'vessel',
  discharged: 'terminal',
  available: 'terminal',
  not_available: 'terminal',
  hold_added: 'holds',
  hold_released: 'holds',
  fees_posted: 'fees',
  lfd_set: 'lfd',
  lfd_changed: 'lfd',
  appointment_set: 'appointments',
  picked_up: 'pickup',
  empty_returned: 'pickup',
  on_rail: 'rail',
  rail_arrived: 'rail',
  inland_arrived: 'rail',
  tracking_stopped: 'tracking',
  tracking_failed: 'tracking',
  lfd_reminder: 'reminders',
};

export function categoryOf(change: WatchChange): ChangeCategory {
  return CATEGORY[change.kind];
}

/**
 * Changes a channel may also want in the channel itself, not only in the card's thread: what lets a box go or stops
 * it, a rolled booking, tracking that ended, and the LFD reminders of the last day.
 */
export function isImportant(change: WatchChange): boolean {
  switch (change.kind) {
    case 'available':
    case 'hold_added':
    case 'vessel_changed':
    case 'tracking_stopped':
    case 'tracking_failed':
      return !(change.kind === 'hold_added' && change.pending);
    case 'lfd_reminder':
      return change.when !== 'tomorrow';
    default:
      return false;
  }
}
