/**
 * Errors as short cards that say what happened and what to do next (docs/domain-rules.md#error-bodies). Only
 * TrackingApiError carries information fit for people, and only through its code, status and the API's own error
 * details (escaped); anything else gets a generic card. A message, stack or header is never shown, so no
 * secret can leak through here.
 */
import type { KnownBlock } from '@slack/types';
import { plural } from '../domain/words.js';
import { type ApiErrorDetail, isTrackingApiError, type TrackingApiError } from '../tracking/errors.js';
import { context, section } from './blocks.js';
import { clampMessage } from './format/clamp-message.js';
import { clampText } from './format/clamp-text.js';
import { inlineMrkdwn } from './format/mrkdwn.js';
import type { RenderContext, SlackMessage } from './types.js';

export interface ErrorCardContext extends RenderContext {
  /** What the person asked about ("MAEU123456789"), raw. */
  subject?: string;
}

const MAX_DETAILS = 5;
const MAX_DETAIL_LENGTH = 300;
const API_DOWN = 'The tracking API is not answering. Try again in a minute.';

/** A card for `error`, specific to its TrackingApiError code when it has one. */
export function renderErrorCard(error: unknown, ctx: ErrorCardContext): SlackMessage {
  const subject = ctx.subject?.trim() ? inlineMrkdwn(clampText(ctx.subject.trim(), 200)) : null;
  const { emoji, message, details } = isTrackingApiError(error)
    ? describe(error, subject)
    : {
        emoji: '⚠️',
        message: 'Something went wrong on our side. Try again; if it keeps happening, tell your admin.',
        details: [],
      };
  const blocks: KnownBlock[] = [
    section(`${emoji} ${message}${details.length ? `\n${details.join('\n')}` : ''}`),
  ];
  const reference = isTrackingApiError(error)
    ? `Error: ${error.code}${error.status !== null ? ` · HTTP ${error.status}` : ''}`
    : 'Error: internal';
  blocks.push(context(subject !== null ? `About *${subject}* · ${reference}` : reference));
  return clampMessage({ text: message, blocks });
}

function describe(
  error: TrackingApiError,
  subject: string | null,
): { emoji: string; message: string; details: string[] } {
  switch (error.code) {
    case 'not_found':
      return {
        emoji: '🔎',
        message: subject
          ? `Couldn't find *${subject}*. Check the number and try again.`
          : "Couldn't find that. Check the number and try again.",
        details: [],
      };
    case 'unauthorized':
      return {
        emoji: '🔑',
        message: 'The tracking API key was rejected. Ask your admin to check it.',
        details: [],
      };
    case 'forbidden': {
      const why = firstDetail(error.apiErrors);
      return {
        emoji: '🚫',
        message: `The tracking API key isn't allowed to do this${why ? ` (${why})` : ''}. Ask your admin to grant the permission.`,
        details: [],
      };
    }
    case 'feature_not_enabled':
      return {
        emoji: '🔒',
        message: `This needs the Terminal49 *${featureName(error)}* feature, which this account doesn't have. Ask your admin or Terminal49 support.`,
        details: [],
      };
    case 'rate_limited': {
      const wait = error.retryAfterSeconds;
      const when = wait !== null && wait > 0 ? `in ${plural(Math.ceil(wait), 'second')}` : 'in a minute';
      return { emoji: '⏱️', message: `The tracking API is busy right now. Try again ${when}.`, details: [] };
    }
    case 'upstream':
    case 'timeout':
    case 'network':
      return { emoji: '📡', message: API_DOWN, details: [] };
    case 'bad_response':
      return {
        emoji: '🧩',
        message:
          "The tracking API sent something we couldn't read. Try again; if it keeps happening, tell your admin.",
        details: [],
      };
    case 'invalid_request':
      return {
        emoji: '✋',
        message: "The tracking API didn't accept that.",
        details: invalidDetails(error.apiErrors),
      };
    default:
      return {
        emoji: '⚠️',
        message: 'Something went wrong talking to the tracking API. Try again.',
        details: [],
      };
  }
}

/** The feature a 403 names ("Routing data feature is not enabled…"), else a guess from the endpoint. */
function featureName(error: TrackingApiError): string {
  for (const detail of error.apiErrors) {
    const text = `${detail.detail ?? ''} ${detail.title ?? ''}`;
    const named = /([A-Za-z][A-Za-z ]{0,40}?) feature is not enabled/i.exec(text);
    if (named?.[1]) return inlineMrkdwn(titleCase(named[1].trim()));
    if (/api access not enabled/i.test(text)) return 'API access';
  }
  if (error.request?.path.startsWith('/vessels')) return 'Routing Data';
  if (error.request?.path.endsWith('/refresh')) return 'API access';
  return 'required';
}

function invalidDetails(errors: ApiErrorDetail[]): string[] {
  const lines = errors
    .map((entry) => {
      const text = entry.detail ?? entry.title;
      if (!text) return null;
      const field = entry.pointer?.split('/').filter(Boolean).pop() ?? entry.parameter;
      const prefix = field ? `${inlineMrkdwn(field.replace(/_/g, ' '))}: ` : '';
      return `• ${prefix}${inlineMrkdwn(clampText(text, MAX_DETAIL_LENGTH))}`;
    })
    .filter((line): line is string => line !== null);
  const more = lines.length > MAX_DETAILS ? [`• …and ${lines.length - MAX_DETAILS} more`] : [];
  return [...lines.slice(0, MAX_DETAILS), ...more];
}

function firstDetail(errors: ApiErrorDetail[]): string | null {
  const text = errors
    .map((entry) => entry.detail ?? entry.title)
    .find((value) => value && value !== 'Forbidden');
  return text ? inlineMrkdwn(clampText(text, MAX_DETAIL_LENGTH)) : null;
}

function titleCase(text: string): string {
  return text.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}
