import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { containerId } from '../../../src/simulator/demo/container-builder.js';
import { containerNumber } from '../../../src/simulator/demo/iso6346.js';
import { DEMO, type Simulator } from '../../../src/simulator/index.js';
import { parseContainerDocument } from '../../../src/tracking/index.js';
import {
  call,
  demoSimulator,
  errorsOf,
  included,
  many,
  one,
  type Resource,
  related,
  relatedIds,
} from './support.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const onRail = containerId(DEMO.containers.onRail);
const firstInRotterdam = containerId(containerNumber('CSNU', 880412));

const events = (list: Resource[]) => list.map((event) => event.attributes.event);

describe("a container's transport events", () => {
  it('lists what happened before the simulator started, newest first, the rail leg without a vessel', async () => {
    const simulator = demoSimulator();
    const list = many(await call(simulator, `/containers/${onRail}/transport_events`));
    expect(events(list)).toEqual([
      'container.transport.rail_departed',
      'container.transport.rail_loaded',
      'container.transport.vessel_discharged',
      'container.transport.vessel_arrived',
      'container.transport.vessel_departed',
      'container.transport.vessel_loaded',
    ]);
    const [departed] = list;
    expect(departed?.attributes).toMatchObject({ location_locode: 'USTIW', timezone: 'America/Los_Angeles' });
    expect(departed?.relationships.vessel).toEqual({ data: null });
    expect(list.at(-1)?.attributes).toMatchObject({ location_locode: 'JPTYO', voyage_number: '052E' });
  });

  it('follows the rail move to Chicago as demo time passes: arrival, unloading, availability at the rail terminal', async () => {
    const simulator = demoSimulator();
    simulator.advance(4 * DAY);
    const result = await call(simulator, `/containers/${onRail}/transport_events?include=location,terminal`);
    const inland = many(result).filter((event) => event.attributes.location_locode === 'USCHI');
    expect(events(inland)).toEqual(
      expect.arrayContaining([
        'container.transport.rail_arrived',
        'container.transport.rail_unloaded',
        'container.transport.arrived_at_inland_destination',
        'container.transport.available',
        'container.pickup_lfd_rail.changed',
        'container.transport.full_out',
      ]),
    );
    expect(inland.every((event) => event.attributes.timezone === 'America/Chicago')).toBe(true);
    expect(included(result).map((resource) => resource.type)).toEqual(
      expect.arrayContaining(['metro_area', 'rail_terminal']),
    );
  });

  it('answers 404 for a container it does not have and 400 for an include it does not know', async () => {
    const simulator = demoSimulator();
    expect((await call(simulator, '/containers/nope/transport_events')).status).toBe(404);
    const bad = await call(simulator, `/containers/${onRail}/transport_events?include=port`);
    expect(bad.status).toBe(400);
    expect(errorsOf(bad)[0]).toMatchObject({ source: { parameter: 'include' } });
  });
});

describe('consistency with the webhooks', () => {
  let receiver: WebhookReceiver;
  let simulator: Simulator;

  beforeEach(async () => {
    receiver = await startWebhookReceiver();
    simulator = demoSimulator({ webhooks: [{ url: receiver.url, secret: 's' }] });
  });

  afterEach(async () => {
    simulator.close();
    await receiver.close();
  });

  it('lists every transport event a notification announced, with the same id and attributes', async () => {
    simulator.advance(3 * DAY);
    await simulator.webhooks.idle();
    const announced = receiver.received
      .map((delivery) => delivery.body.included[0])
      .filter((reference) => reference?.type === 'transport_event');
    expect(announced.length).toBeGreaterThan(50);
    const byContainer = new Map<string, unknown[]>();
    for (const reference of announced) {
      const container = String(related(reference as Resource, 'container')?.id);
      byContainer.set(container, [...(byContainer.get(container) ?? []), reference]);
    }
    for (const [container, references] of byContainer) {
      const listed = many(await call(simulator, `/containers/${container}/transport_events`));
      for (const reference of references) expect(listed).toContainEqual(reference);
    }
  });
});

describe("a container's raw events", () => {
  it("lists the line's milestones oldest first with an index, then the arrival it still expects", async () => {
    const simulator = demoSimulator();
    const raw = many(await call(simulator, `/containers/${firstInRotterdam}/raw_events`));
    expect(
      raw.map((event) => [event.attributes.index, event.attributes.event, event.attributes.estimated]),
    ).toEqual([
      [0, 'vessel_loaded', false],
      [1, 'vessel_departed', false],
      [2, 'vessel_arrived', true],
    ]);
    expect(raw[2]?.attributes).toMatchObject({
      original_event: 'Estimated vessel arrival',
      timestamp: '2026-03-11T05:00:00Z',
      estimated_on: '2026-03-11',
      actual_on: null,
      location_name: 'Rotterdam',
      location_locode: 'NLRTM',
      vessel_name: 'COSCO SHIPPING ARIES',
    });
  });

  it('turns the estimate into the actual arrival once the vessel is in, and adds the discharge', async () => {
    const simulator = demoSimulator();
    simulator.advance(DAY + 6 * HOUR);
    const raw = many(await call(simulator, `/containers/${firstInRotterdam}/raw_events`));
    expect(raw.map((event) => [event.attributes.event, event.attributes.estimated])).toEqual([
      ['vessel_loaded', false],
      ['vessel_departed', false],
      ['vessel_arrived', false],
      ['vessel_discharged', false],
    ]);
    expect(raw[2]?.attributes).toMatchObject({ actual_on: '2026-03-11', timestamp: '2026-03-11T10:00:00Z' });
  });
});

describe('the events on the container itself', () => {
  it('lists their ids in its relationships and sideloads exactly those with include=', async () => {
    const simulator = demoSimulator();
    simulator.advance(DAY);
    const result = await call(simulator, `/containers/${onRail}?include=transport_events,raw_events`);
    const container = one(result);
    const ids = (name: string) => relatedIds(container, name);
    const listed = many(await call(simulator, `/containers/${onRail}/transport_events`)).map(
      (event) => event.id,
    );
    const raw = many(await call(simulator, `/containers/${onRail}/raw_events`)).map((event) => event.id);
    expect(ids('transport_events').sort()).toEqual([...listed].sort());
    expect(ids('raw_events').sort()).toEqual([...raw].sort());
    expect(
      included(result)
        .map((resource) => resource.id)
        .sort(),
    ).toEqual([...listed, ...raw].sort());
    expect(parseContainerDocument(result.body).container.number).toBe(DEMO.containers.onRail);
  });
});
