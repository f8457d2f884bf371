/** Reading the workspace settings form (features/settings/workspace-settings.ts): what people paste, checked. */
import { describe, expect, it } from 'vitest';
import { readSettingsForm } from '../../../src/features/settings/workspace-settings.js';

const EMPTY = { editors: null, channels: null, customFieldSlugs: null, ownerField: null };

describe('the workspace settings form', () => {
  it('reads ids separated by commas, spaces or new lines, and Slack mentions as their ids', () => {
    expect(
      readSettingsForm({
        editors: '<@U0ADA|ada>, <!subteam^S0OPS|@ops>\nU0MEI',
        channels: '<#C0OPS|shipping-ops> G0PRIVATE',
        customFieldSlugs: 'po_number,trucker',
        ownerField: ' owner ',
      }),
    ).toEqual({
      ok: true,
      change: {
        editors: ['U0ADA', 'S0OPS', 'U0MEI'],
        channels: ['C0OPS', 'G0PRIVATE'],
        customFieldSlugs: ['po_number', 'trucker'],
        ownerField: 'owner',
      },
    });
  });

  it('takes an empty field as the default, and a field not in the form as unchanged', () => {
    expect(readSettingsForm({ ...EMPTY, editors: '', ownerField: '' })).toEqual({
      ok: true,
      change: { editors: [], ownerField: null },
    });
  });

  it('names each field it cannot use: channel names, markup, two owner fields', () => {
    const read = readSettingsForm({ ...EMPTY, channels: '#shipping-ops', editors: '<https://evil|x>' });
    expect(read.ok).toBe(false);
    if (!read.ok)
      expect(read.problems.map((problem) => problem.field).sort()).toEqual(['channels', 'editors']);
    expect(readSettingsForm({ ...EMPTY, ownerField: 'owner trucker' })).toMatchObject({
      ok: false,
      problems: [{ field: 'ownerField' }],
    });
  });
});
