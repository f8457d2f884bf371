/**
 * An independent re-check of the Block Kit limits a message must respect (docs/slack-platform.md#block-kit-limits-enforced-when-rendering), so the
 * rendering bench can vouch for the card it timed even where the shared validator is not available. Walks every
 * text object and counts the block text Slack adds up for `msg_blocks_too_long` (~13.2k characters).
 */

export interface BlockKitReport {
  blocks: number;
  blockTextChars: number;
  largestText: number;
  violations: string[];
}

const SLACK_BLOCK_TEXT_LIMIT = 13_200;

export function checkMessageLimits(message: { text: string; blocks: readonly unknown[] }): BlockKitReport {
  const violations: string[] = [];
  let blockTextChars = 0;
  let largestText = 0;
  if (message.blocks.length > 50) violations.push(`${message.blocks.length} blocks (max 50)`);
  if (message.text.length > 40_000) violations.push(`text of ${message.text.length} chars (max 40000)`);

  const visit = (node: unknown, path: string, limit: number): void => {
    if (Array.isArray(node)) {
      for (const [index, child] of node.entries()) visit(child, `${path}[${index}]`, limit);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const record: Record<string, unknown> = { ...node };
    if ((record.type === 'mrkdwn' || record.type === 'plain_text') && typeof record.text === 'string') {
      blockTextChars += record.text.length;
      largestText = Math.max(largestText, record.text.length);
      if (record.text.length > limit) violations.push(`${path}: ${record.text.length} chars (max ${limit})`);
      return;
    }
    if (record.type === 'section' && Array.isArray(record.fields) && record.fields.length > 10) {
      violations.push(`${path}: ${record.fields.length} fields (max 10)`);
    }
    if (record.type === 'context' && Array.isArray(record.elements) && record.elements.length > 10) {
      violations.push(`${path}: ${record.elements.length} context elements (max 10)`);
    }
    if (record.type === 'actions' && Array.isArray(record.elements) && record.elements.length > 25) {
      violations.push(`${path}: ${record.elements.length} actions (max 25)`);
    }
    for (const [key, child] of Object.entries(record)) {
      visit(child, `${path}.${key}`, childLimit(record.type, key, limit));
    }
  };
  for (const [index, block] of message.blocks.entries()) visit(block, `blocks[${index}]`, 3000);
  if (blockTextChars > SLACK_BLOCK_TEXT_LIMIT) {
    violations.push(`${blockTextChars} chars of block text (Slack refuses ~${SLACK_BLOCK_TEXT_LIMIT})`);
  }
  return { blocks: message.blocks.length, blockTextChars, largestText, violations };
}

function childLimit(parentType: unknown, key: string, inherited: number): number {
  if (parentType === 'header' && key === 'text') return 150;
  if (parentType === 'button' && key === 'text') return 75;
  if (key === 'fields') return 2000;
  if (parentType === 'option' || key === 'options') return 75;
  return inherited;
}
