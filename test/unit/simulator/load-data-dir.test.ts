import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readDataDir } from '../../../src/simulator/load-data-dir.js';
import { call, demoSimulator, included, many, one } from './support.js';

const dir = mkdtempSync(join(tmpdir(), 'shipwatch-sim-data-'));

writeFileSync(
  join(dir, 'shipment.json'),
  JSON.stringify({
    data: {
      id: 'live-shipment-1',
      type: 'shipment',
      attributes: {
        bill_of_lading_number: 'COSUFAKE260001',
        normalized_number: 'FAKE260001',
        created_at: '2026-03-01T00:00:00Z',
      },
      relationships: { containers: { data: [{ id: 'live-container-1', type: 'container' }] } },
    },
    included: [{ id: 'live-container-1', type: 'container', attributes: { number: 'CSNU1234562' } }],
  }),
);
writeFileSync(
  join(dir, 'vessels.json'),
  JSON.stringify({
    data: [
      {
        id: 'live-vessel-1',
        type: 'vessel',
        attributes: {
          name: 'EVER GIVEN',
          imo: '9811000',
          positions: [
            {
              latitude: 30,
              longitude: 32.5,
              heading: 10,
              timestamp: '2026-03-09T00:00:00Z',
              estimated: false,
            },
            {
              latitude: 31,
              longitude: 32.6,
              heading: null,
              timestamp: '2026-01-01T00:00:00Z',
              estimated: false,
            },
          ],
        },
      },
    ],
  }),
);
writeFileSync(
  join(dir, 'tracking-request.json'),
  JSON.stringify({
    data: {
      id: 'live-tr-1',
      type: 'tracking_request',
      attributes: { request_number: 'BKGLIVE9', status: 'created' },
      relationships: { tracked_object: { data: { id: 'live-shipment-1', type: 'shipment' } } },
    },
  }),
);
writeFileSync(join(dir, 'notes.json'), JSON.stringify({ hello: 'world' }));
writeFileSync(join(dir, 'broken.json'), '{"data":');
writeFileSync(join(dir, 'readme.txt'), 'not json at all');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--data DIR', () => {
  it('reports what it loaded and why it skipped the rest', () => {
    const { report } = readDataDir(dir);
    expect(report.files).toEqual(['shipment.json', 'tracking-request.json', 'vessels.json']);
    expect(report.resources).toBe(4);
    expect(report.skipped.map((skip) => skip.file)).toEqual(['broken.json', 'notes.json']);
  });

  it('serves loaded resources by id with their included relations', async () => {
    const simulator = demoSimulator({ dataDir: dir });
    const result = await call(simulator, '/shipments/live-shipment-1?include=containers');
    expect(one(result).attributes.bill_of_lading_number).toBe('COSUFAKE260001');
    expect(included(result).map((r) => r.attributes.number)).toEqual(['CSNU1234562']);
  });

  it("finds a loaded shipment by its numbers and its tracking request's number, next to the demo data", async () => {
    const simulator = demoSimulator({ dataDir: dir });
    expect(many(await call(simulator, '/shipments?number=FAKE260001')).map((s) => s.id)).toEqual([
      'live-shipment-1',
    ]);
    expect(many(await call(simulator, '/shipments')).length).toBe(10);
  });

  it("turns a loaded vessel's positions into history served only inside the window", async () => {
    const simulator = demoSimulator({ dataDir: dir });
    expect(one(await call(simulator, '/vessels/9811000')).attributes).not.toHaveProperty('positions');
    const windowed = one(
      await call(simulator, '/vessels/live-vessel-1?show_positions[to_timestamp]=2026-03-10T00:00:00Z'),
    );
    expect(windowed.attributes.positions).toEqual([
      { latitude: 30, longitude: 32.5, heading: 10, timestamp: '2026-03-09T00:00:00Z', estimated: false },
    ]);
  });

  it('refuses a path that is not a directory', () => {
    expect(() => readDataDir(join(dir, 'readme.txt'))).toThrow(/not a directory/);
  });
});
