/**
 * Small text helpers for modals. Modal titles, labels and option texts are plain_text with hard length caps; a value
 * over the cap makes Slack reject the whole view, so every API- or user-sourced string is clamped here first.
 */
import type { PlainTextElement } from '@slack/types';
import { clampText } from '../format/clamp-text.js';
import { inlineMrkdwn, inlinePlain } from '../format/mrkdwn.js';

/** A plain_text object clamped to `max` characters (never empty: Slack rejects empty texts). */
export function plain(text: string, max: number): PlainTextElement {
  return { type: 'plain_text', text: clampText(inlinePlain(text) || ' ', max), emoji: true };
}

/** Renders a custom-field value (string, number, list, object) as one line for display. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => displayValue(item)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * `text` escaped for one line of mrkdwn, at most `max` characters once escaped. Escaping lengthens text (`&` → `&amp;`),
 * so the raw text is cut until the escaped form fits, never the escaped form (which could split an entity).
 */
export function mrkdwnWithin(text: string, max: number): string {
  let raw = text;
  let out = inlineMrkdwn(raw);
  while (out.length > max && raw.length > 0) {
    raw = raw.slice(0, Math.max(0, Math.floor((raw.length * max) / out.length) - 2));
    out = inlineMrkdwn(`${raw}…`);
  }
  return out;
}
