/**
 * Owning an alert, as watching keeps it (README "Owning an alert"): a shipment's owner in a workspace ("Take it"),
 * and per channel and container a snooze until a preset or "done". Snoozing and marking done re-plan the shipment's
 * time boundary, which holds back the reminders of those boxes (boundary.ts) and comes back when a snooze ends. What
 * the card shows of it (its owner, each box's state) comes from `cardState`.
 */
import { type SnoozePreset, snoozeUntil } from '../domain/alerts/index.js';
import type { Weekday } from '../domain/attention/index.js';
import { earliestLfd } from '../domain/changes/snapshot.js';
import type { ContainerAlert, ShipmentOwner, Store, WatchKey } from '../store/index.js';
import { readSnapshot } from './engine.js';
import { JOB } from './job-kinds.js';
import { readChannelSettings, workingWeekOf } from './settings.js';
import type { WatchClocks } from './watch-clocks.js';

/** What a watched card shows about who owns it and which boxes are quiet. */
export interface AlertCardState {
  owner: string | null;
  /** By container id. */
  containers: Readonly<Record<string, { state: 'snoozed' | 'done'; until: number | null }>>;
  /** The channel's days off: the card's "next working day" snooze preset is read on its working week. */
  daysOff: readonly Weekday[];
}

export interface Alerts {
  take(teamId: string, shipmentId: string, userId: string): Promise<{ before: ShipmentOwner | null }>;
  /** Snoozes a box's reminders in a channel until the preset (08:00 in its LFD's zone); the instant it ends. */
  snooze(
    key: WatchKey,
    containerId: string,
    preset: SnoozePreset,
    userId: string,
  ): Promise<{ until: number; zone: string | null }>;
  done(key: WatchKey, containerId: string, userId: string): Promise<void>;
  /** The zone a box's snooze is read in (its LFD's, else the port's), and when each preset would end now. */
  presets(
    key: WatchKey,
    containerId: string,
  ): Promise<{ zone: string | null; tomorrow: number; nextWorkingDay: number }>;
  cardState(key: WatchKey): Promise<AlertCardState>;
}

export function createAlerts(options: {
  store: Pick<Store, 'watching' | 'jobs'>;
  clocks: WatchClocks;
  onQueued?: (at: number) => void;
}): Alerts {
  const { store, clocks } = options;
  const zoneAndWeek = async (key: WatchKey, containerId: string) => {
    const stored = await store.watching.snapshots.get(key.shipmentId);
    const snapshot = stored ? readSnapshot(stored.snapshot) : null;
    const box = snapshot?.containers.find((container) => container.id === containerId) ?? null;
    const lfd = box ? earliestLfd(box) : null;
    const settings = readChannelSettings(
      (await store.watching.settings.get(key.teamId, key.channelId))?.settings,
    );
    return { zone: lfd?.timeZone ?? snapshot?.podTimeZone ?? null, week: workingWeekOf(settings) };
  };
  /** The boundary runs now: it records no reminder for a quiet box, and plans its next run around snoozes. */
  const replan = async (shipmentId: string) => {
    const now = clocks.wall.now().getTime();
    await store.jobs.enqueue({ kind: JOB.boundary, key: shipmentId, runAt: now, payload: { shipmentId } });
    options.onQueued?.(now);
  };
  const put = async (alert: ContainerAlert) => {
    await store.watching.alerts.containers.set(alert);
    await replan(alert.shipmentId);
  };
  return {
    async take(teamId, shipmentId, userId) {
      const before = await store.watching.alerts.owners.set({
        teamId,
        shipmentId,
        userId,
        setAt: clocks.wall.now().getTime(),
      });
      return { before };
    },
    async snooze(key, containerId, preset, userId) {
      const { zone, week } = await zoneAndWeek(key, containerId);
      const until = snoozeUntil(preset, clocks.clock.now().getTime(), zone, week);
      await put({
        ...key,
        containerId,
        state: 'snoozed',
        until,
        setBy: userId,
        setAt: clocks.wall.now().getTime(),
      });
      return { until, zone };
    },
    async done(key, containerId, userId) {
      await put({
        ...key,
        containerId,
        state: 'done',
        until: null,
        setBy: userId,
        setAt: clocks.wall.now().getTime(),
      });
    },
    async presets(key, containerId) {
      const { zone, week } = await zoneAndWeek(key, containerId);
      const now = clocks.clock.now().getTime();
      return {
        zone,
        tomorrow: snoozeUntil('tomorrow', now, zone, week),
        nextWorkingDay: snoozeUntil('next_working_day', now, zone, week),
      };
    },
    cardState: (key) => alertCardState(store, key, clocks.clock.now().getTime()),
  };
}

/** The owner and the quiet boxes a watched card shows at `nowMs`. */
export async function alertCardState(
  store: Pick<Store, 'watching'>,
  key: WatchKey,
  nowMs: number,
): Promise<AlertCardState> {
  const owner = await store.watching.alerts.owners.get(key.teamId, key.shipmentId);
  const containers: Record<string, { state: 'snoozed' | 'done'; until: number | null }> = {};
  for (const alert of await store.watching.alerts.containers.list(key)) {
    // A snooze that ended shows nothing any more: the box is as loud as any other.
    if (alert.state === 'done' || (alert.until !== null && alert.until > nowMs))
      containers[alert.containerId] = { state: alert.state, until: alert.until };
  }
  const settings = readChannelSettings(
    (await store.watching.settings.get(key.teamId, key.channelId))?.settings,
  );
  return { owner: owner?.userId ?? null, containers, daysOff: settings.daysOff ?? [] };
}
