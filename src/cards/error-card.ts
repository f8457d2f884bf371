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

/**
 * What the person asked about, so the card can name it in their terms: the number they typed for a shipment (a
 * bill of lading, booking or container number, or a shipment id), a vessel's IMO or id, an email submission, a
 * tracking request or a document id. A bare string is a number typed for a shipment.
 */
export type ErrorSubject =
  | { kind: 'shipment'; id: string }
  | { kind: 'container'; id: string }
  | { kind: 'vessel'; id: string }
  | { kind: 'email_submission'; id: string }
  | { kind: 'tracking_request'; id: string }
  | { kind: 'document'; id: string };

export interface ErrorCardContext extends RenderContext {
  subject?: ErrorSubject | string;
}

const MAX_DETAILS = 5;
const MAX_DETAIL_LENGTH = 300;
const MAX_SUBJECT_LENGTH = 200;
const API_DOWN = 'The tracking API is not answering. Try again in a minute.';
const NOT_CONNECTED =
  "Shipwatch isn't connected to a Terminal49 account in this workspace yet. A workspace admin can connect one with `/shipwatch connect`; everyone else: ask an admin.";

/**
 * A use case refused because the workspace has no Terminal49 account yet (OAuth mode; features/errors.ts,
 * `not_connected`). Read by its name and code: cards do not import the feature layer.
 */
function isNotConnected(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.name === 'FeatureError' &&
    (error as { code?: unknown }).code === 'not_connected'
  );
}

/** "vessel" → "about the vessel *9778791*" on the context line. */
const ABOUT: Record<ErrorSubject['kind'], string> = {
  shipment: '',
  container: 'container ',
  vessel: 'vessel ',
  email_submission: 'email submission ',
  tracking_request: 'tracking request ',
  document: 'document ',
};

interface NamedSubject {
  kind: ErrorSubject['kind'];
  /** Escaped, clamped, bold: `*MAEU123*`. */
  name: string;
}

/**
 * A card for `error`, in words for operations people: what happened to what they asked about, and what to do.
 * Technical detail (the HTTP status) is kept to the context line, and only where an admin has something to fix.
 */
export function renderErrorCard(error: unknown, ctx: ErrorCardContext): SlackMessage {
  if (isNotConnected(error)) {
    return clampMessage({ text: NOT_CONNECTED, blocks: [section(`:link: ${NOT_CONNECTED}`)] });
  }
  const subject = namedSubject(ctx.subject);
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
  const about = subject !== null ? `About ${ABOUT[subject.kind]}${subject.name}` : null;
  const admin = isTrackingApiError(error) ? adminNote(error) : null;
  const contextLine = [about, admin].filter((part): part is string => part !== null).join(' · ');
  blocks.push(context(contextLine === '' ? 'Shipwatch could not complete this.' : contextLine));
  return clampMessage({ text: message, blocks });
}

function namedSubject(subject: ErrorSubject | string | undefined): NamedSubject | null {
  const value = typeof subject === 'string' ? { kind: 'shipment' as const, id: subject } : subject;
  const id = value?.id.trim() ?? '';
  if (value === undefined || id === '') return null;
  return { kind: value.kind, name: `*${inlineMrkdwn(clampText(id, MAX_SUBJECT_LENGTH))}*` };
}

/** "Couldn't find …" in the subject's own terms. */
function notFoundMessage(subject: NamedSubject | null): string {
  if (subject === null) return "Couldn't find that. Check the number and try again.";
  switch (subject.kind) {
    case 'shipment':
      return `Couldn't find ${subject.name}. Check the number and try again.`;
    case 'container':
      return `Couldn't find the container ${subject.name}. Check the number and try again.`;
    case 'vessel':
      return `Couldn't find a vessel with IMO or id ${subject.name}. Check the number and try again.`;
    case 'email_submission':
      return `Couldn't find the email submission ${subject.name}. Check the id and try again.`;
    case 'tracking_request':
      return `Couldn't find the tracking request ${subject.name}. Check the id and try again.`;
    case 'document':
      return `Couldn't find the document ${subject.name}: it may have been removed. Refresh the card.`;
  }
}

/** The HTTP-level fact an admin can act on, for the codes where there is one to act on; null otherwise. */
function adminNote(error: TrackingApiError): string | null {
  const status = error.status !== null ? ` HTTP ${error.status}` : '';
  switch (error.code) {
    case 'unauthorized':
    case 'forbidden':
    case 'feature_not_enabled':
    case 'upstream':
      return `For your admin: the tracking API answered${status || ' with an error'}`;
    case 'bad_response':
      return `For your admin: the tracking API's answer${status ? ` (HTTP ${error.status})` : ''} could not be read`;
    case 'timeout':
      return 'For your admin: the tracking API did not answer in time';
    case 'network':
      return 'For your admin: the tracking API could not be reached';
    case 'not_found':
    case 'invalid_request':
    case 'rate_limited':
      return null;
  }
}

function describe(
  error: TrackingApiError,
  subject: NamedSubject | null,
): { emoji: string; message: string; details: string[] } {
  switch (error.code) {
    case 'not_found':
      return { emoji: '🔎', message: notFoundMessage(subject), details: [] };
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
