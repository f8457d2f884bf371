/**
 * The placeholder a slow lookup shows where its card will go ("Looking up MAEU…"), and the line that replaces it when
 * the answer went to the person alone instead (features/lookups/while-looking.ts).
 */
import { inlineMrkdwn } from './format/mrkdwn.js';
import { noticeCard } from './notice.js';
import type { SlackMessage } from './types.js';

export function renderLookingUp(label: string): SlackMessage {
  return noticeCard(`:mag: Looking up *${inlineMrkdwn(label)}*…`);
}

/** `userId`: the person who asked, named so the channel knows the answer did not get lost. */
export function renderLookedUpPrivately(label: string, userId: string): SlackMessage {
  return noticeCard(`:mag: Looked up *${inlineMrkdwn(label)}*: <@${userId}> got the answer privately.`);
}
