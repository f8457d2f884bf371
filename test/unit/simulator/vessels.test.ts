import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../src/simulator/index.js';
import { call, demoSimulator, errorsOf, FIXED_NOW, one } from './support.js';

const { withPositions, moored } = DEMO.vessels;
const DAY_MS = 24 * 3_600_000;
const now = Date.parse(FIXED_NOW);

interface Position {
  latitude: number;
  longitude: number;
  heading: number | null;
  timestamp: string;
  estimated: boolean;
}

function positionsOf(result: Awaited<ReturnType<typeof call>>): Position[] {
  return one(result).attributes.positions as Position[]; // SAFETY: the vessel schema's positions array.
}

describe('GET /vessels/{id}', () => {
  const simulator = demoSimulator();

  it('returns the vessel without a positions key when no window is asked for', async () => {
    const result = await call(simulator, `/vessels/${withPositions.id}`);
    const vessel = one(result);
    expect(vessel.attributes).toMatchObject({ name: withPositions.name, imo: withPositions.imo });
    expect(vessel.attributes).not.toHaveProperty('positions');
    expect(result.body?.links).toEqual({ self: `http://sim/v2/vessels/${withPositions.id}` });
  });

  it('finds the vessel by IMO on the same route', async () => {
    const vessel = one(await call(simulator, `/vessels/${moored.imo}`));
    expect(vessel).toMatchObject({ id: moored.id, attributes: { name: moored.name } });
  });

  it('defaults the window to the last 7 days when only one bound is given', async () => {
    const result = await call(
      simulator,
      `/vessels/${withPositions.id}?show_positions[to_timestamp]=${FIXED_NOW}`,
    );
    const positions = positionsOf(result);
    expect(positions.length).toBeGreaterThan(40);
    for (const position of positions) {
      const at = Date.parse(position.timestamp);
      expect(at).toBeGreaterThanOrEqual(now - 7 * DAY_MS);
      expect(at).toBeLessThanOrEqual(now);
    }
  });

  it('holds a week of history with older fixes the default window leaves out', async () => {
    const all = positionsOf(
      await call(
        simulator,
        `/vessels/${withPositions.id}?show_positions[from_timestamp]=2000-01-01T00:00:00Z`,
      ),
    );
    expect(Date.parse(all[0]?.timestamp ?? '')).toBeLessThan(now - 7 * DAY_MS);
  });

  it('honours an explicit window and excludes positions outside it', async () => {
    const from = new Date(now - 2 * DAY_MS).toISOString();
    const to = new Date(now - DAY_MS).toISOString();
    const positions = positionsOf(
      await call(
        simulator,
        `/vessels/${withPositions.id}?show_positions%5Bfrom_timestamp%5D=${from}&show_positions%5Bto_timestamp%5D=${to}`,
      ),
    );
    // One fix every 3 hours, both bounds inclusive.
    expect(positions).toHaveLength(9);
    expect(positions[0]?.timestamp).toBe(from.replace('.000Z', 'Z'));
    expect(
      positions.every(
        (p) => Date.parse(p.timestamp) >= Date.parse(from) && Date.parse(p.timestamp) <= Date.parse(to),
      ),
    ).toBe(true);
    expect(Object.keys(positions[0] ?? {}).sort()).toEqual([
      'estimated',
      'heading',
      'latitude',
      'longitude',
      'timestamp',
    ]);
  });

  it('accepts an offset whose + arrived as a space', async () => {
    const result = await call(
      simulator,
      `/vessels/${withPositions.id}?show_positions[to_timestamp]=2026-03-10T10:30:00+00:00`,
    );
    expect(result.status).toBe(200);
    expect(positionsOf(result).at(-1)?.timestamp).toBe('2026-03-10T09:30:00Z');
  });

  it('answers a malformed timestamp with a 400 naming the parameter', async () => {
    const result = await call(
      simulator,
      `/vessels/${withPositions.id}?show_positions[from_timestamp]=yesterday`,
    );
    expect(result.status).toBe(400);
    expect(errorsOf(result)[0]?.source).toEqual({ parameter: 'show_positions[from_timestamp]' });
  });

  it('gives a key without routing data the real 403 when positions are asked for', async () => {
    const result = await call(
      simulator,
      `/vessels/${withPositions.id}?show_positions[to_timestamp]=${FIXED_NOW}`,
      {
        key: DEMO.apiKeys.noRouting,
      },
    );
    expect(result.status).toBe(403);
    expect(result.body).toEqual({
      errors: [
        {
          status: '403',
          source: null,
          title: 'Forbidden',
          detail: 'Routing data feature is not enabled for this account',
        },
      ],
    });
  });

  it('still serves the vessel itself to a key without routing data', async () => {
    const result = await call(simulator, `/vessels/${withPositions.id}`, { key: DEMO.apiKeys.noRouting });
    expect(result.status).toBe(200);
  });

  it('answers an unknown vessel with 404', async () => {
    expect((await call(simulator, '/vessels/9999999')).status).toBe(404);
  });
});
