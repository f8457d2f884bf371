import { describe, expect, it } from 'vitest';
import { alertOptionValue, SET_FIELD_OPTION_PREFIX } from '../../../../src/cards/ids.js';
import { OPEN_IN_TERMINAL49_OPTION_PREFIX } from '../../../../src/cards/index.js';
import { readContainerMenuOption } from '../../../../src/features/alerts/container-menu-option.js';

describe('readContainerMenuOption', () => {
  it('reads snooze and done on a box as what the person asked of its alert', () => {
    expect(readContainerMenuOption(alertOptionValue('snooze_tomorrow', 'cont-1'))).toEqual({
      kind: 'alert',
      what: 'snooze_tomorrow',
      choice: { kind: 'snooze', containerId: 'cont-1', preset: 'tomorrow' },
    });
    expect(readContainerMenuOption(alertOptionValue('snooze_next', 'cont-1'))).toMatchObject({
      choice: { kind: 'snooze', preset: 'next_working_day' },
    });
    expect(readContainerMenuOption(alertOptionValue('done', 'cont-2'))).toMatchObject({
      kind: 'alert',
      choice: { kind: 'done', containerId: 'cont-2' },
    });
  });

  it('reads "Set custom field" with its container, and leaves the link and unreadable options alone', () => {
    expect(readContainerMenuOption(`${SET_FIELD_OPTION_PREFIX}cont-1~MSCU1234565`)).toEqual({
      kind: 'set_field',
      containerId: 'cont-1',
      containerNumber: 'MSCU1234565',
    });
    expect(readContainerMenuOption(`${OPEN_IN_TERMINAL49_OPTION_PREFIX}cont-1`)).toEqual({ kind: 'none' });
    expect(readContainerMenuOption('alert:later:cont-1')).toEqual({ kind: 'none' });
    expect(readContainerMenuOption('something_else')).toEqual({ kind: 'unknown' });
  });
});
