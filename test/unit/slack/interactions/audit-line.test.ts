import { describe, expect, it } from 'vitest';
import {
  renderCustomFieldAuditLine,
  renderRotateAuditLine,
  renderTrackEditAuditLine,
} from '../../../../src/cards/audit-line.js';
import { assertWithinBlockKitLimits } from '../../../helpers/block-kit-validator.js';

describe('audit lines', () => {
  it('records a custom field change by the field’s label: "✏️ <@U123> set `PO number` = 4500123 on TCLU1234568"', () => {
    const line = renderCustomFieldAuditLine({
      userId: 'U123',
      slug: 'po_number',
      label: 'PO number',
      value: '4500123',
      containerNumber: 'TCLU1234568',
    });
    expect(line.text).toBe('✏️ <@U123> set `PO number` = 4500123 on TCLU1234568');
    assertWithinBlockKitLimits(line);
  });

  it('falls back to the slug when the field’s label is not known', () => {
    const line = renderCustomFieldAuditLine({
      userId: 'U123',
      slug: 'po_number',
      value: '4500123',
      containerNumber: 'TCLU1234568',
    });
    expect(line.text).toBe('✏️ <@U123> set `po_number` = 4500123 on TCLU1234568');
  });

  it('escapes values so they cannot ping a channel or fake a link', () => {
    const line = renderCustomFieldAuditLine({
      userId: 'U123',
      slug: 'po_number',
      value: '<!channel> <https://evil.example|click> & co',
      containerNumber: 'TCLU1234568',
    });
    expect(line.text).not.toMatch(/<!channel>|<https:/);
    expect(line.text).toContain('&lt;!channel&gt;');
    expect(line.text).toContain('&amp; co');
  });

  it('neutralises backticks so a value cannot break out of its code span', () => {
    const line = renderRotateAuditLine({ userId: 'U123', documentName: 'in`voice`.png', degrees: 90 });
    expect(line.text).toBe('🔄 <@U123> rotated `inˋvoiceˋ.png` 90°');
  });

  it('keeps a multi-line value on one line', () => {
    const line = renderCustomFieldAuditLine({
      userId: 'U123',
      slug: 'note',
      value: 'first\n> second',
      containerNumber: 'TCLU1234568',
    });
    expect(line.text).not.toContain('\n');
  });

  it('does not turn a forged user id into a mention', () => {
    const line = renderRotateAuditLine({ userId: 'U1> <!here', documentName: 'a.png', degrees: 180 });
    expect(line.text).not.toContain('<!here');
  });

  it('records a track edit with what changed and what was cleared', () => {
    expect(
      renderTrackEditAuditLine({
        userId: 'U123',
        requestNumber: 'MAEU240817361',
        changes: { ref: 'ABC', tags: ['a', 'b'] },
      }).text,
    ).toBe('🏷️ <@U123> changed ref to `ABC`, tags to `a, b` on tracking request `MAEU240817361`');
    expect(
      renderTrackEditAuditLine({ userId: 'U123', requestNumber: 'MAEU1', changes: { ref: 'X', tags: [] } })
        .text,
    ).toBe('🏷️ <@U123> changed ref to `X` and cleared the tags on tracking request `MAEU1`');
  });

  it('stays within limits for a huge value', () => {
    assertWithinBlockKitLimits(
      renderCustomFieldAuditLine({
        userId: 'U1',
        slug: 's',
        value: '&'.repeat(10_000),
        containerNumber: 'C',
      }),
    );
  });

  it('never ends a line clipped to its limit inside an entity', () => {
    const line = renderTrackEditAuditLine({
      userId: '<'.repeat(300),
      requestNumber: '&'.repeat(300),
      changes: { ref: '<'.repeat(300), tags: ['&'.repeat(300)] },
    });
    expect(line.text.endsWith('…')).toBe(true);
    expect(line.text.slice(0, -1)).toMatch(/;$/);
    assertWithinBlockKitLimits(line);
  });
});
