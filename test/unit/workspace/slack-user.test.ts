import { describe, expect, it } from 'vitest';
import { createIdentity } from '../../../src/workspace/identity.js';
import type { LocalUser } from '../../../src/workspace/protocol.js';
import { slackUser } from '../../../src/workspace/web-api/slack-objects.js';

const ADA: LocalUser = {
  id: 'U0ADA',
  name: 'ada',
  realName: 'Ada Ops',
  title: 'Ops coordinator',
  tz: 'America/Los_Angeles',
  isGuest: false,
};

describe("the local workspace's users.info user", () => {
  it("reports tz_offset as the zone's offset from UTC at that moment, daylight saving included", () => {
    const identity = createIdentity();
    expect(slackUser(ADA, identity, new Date('2026-01-15T12:00:00Z')).tz_offset).toBe(-8 * 3600);
    expect(slackUser(ADA, identity, new Date('2026-07-15T12:00:00Z')).tz_offset).toBe(-7 * 3600);
    expect(
      slackUser({ ...ADA, tz: 'Asia/Kolkata' }, identity, new Date('2026-07-15T12:00:00Z')).tz_offset,
    ).toBe(19_800);
  });
});
