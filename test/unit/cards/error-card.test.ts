import { describe, expect, it } from 'vitest';
import { type ErrorSubject, renderErrorCard } from '../../../src/cards/error-card.js';
import { FeatureError } from '../../../src/features/errors.js';
import { TrackingApiError, type TrackingErrorCode } from '../../../src/tracking/errors.js';
import { blocksOfType, cardText, sectionTexts } from '../../fixtures/cards/card-text.js';
import { NOW } from '../../fixtures/cards/factories.js';
import { assertWithinBlockKitLimits } from '../../helpers/block-kit-validator.js';

function apiError(
  code: TrackingErrorCode,
  extra: Partial<ConstructorParameters<typeof TrackingApiError>[0]> = {},
) {
  return new TrackingApiError({
    code,
    message: `internal message for ${code} Token sk_live_secret`,
    ...extra,
  });
}

describe('error card', () => {
  it('asks to check the number when nothing was found, with no error code for the ops person to decode', () => {
    const card = renderErrorCard(apiError('not_found', { status: 404 }), { now: NOW, subject: 'MAEU123' });
    expect(card.text).toBe("Couldn't find *MAEU123*. Check the number and try again.");
    expect(cardText(card)).not.toContain('not_found');
    expect(cardText(card)).not.toContain('HTTP 404');
    assertWithinBlockKitLimits(card);
  });

  it('phrases not-found for each kind of subject in the same ops words', () => {
    const notFound = apiError('not_found', { status: 404 });
    const text = (subject: ErrorSubject) => renderErrorCard(notFound, { now: NOW, subject }).text;
    expect(text({ kind: 'shipment', id: 'MAEU123' })).toBe(
      "Couldn't find *MAEU123*. Check the number and try again.",
    );
    expect(text({ kind: 'vessel', id: '9778791' })).toBe(
      "Couldn't find a vessel with IMO or id *9778791*. Check the number and try again.",
    );
    expect(text({ kind: 'email_submission', id: '2a3b' })).toBe(
      "Couldn't find the email submission *2a3b*. Check the id and try again.",
    );
    expect(text({ kind: 'tracking_request', id: '7c6d' })).toBe(
      "Couldn't find the tracking request *7c6d*. Check the id and try again.",
    );
    expect(text({ kind: 'document', id: 'd-1' })).toBe(
      "Couldn't find the document *d-1*: it may have been removed. Refresh the card.",
    );
  });

  it('keeps error codes and HTTP statuses out of the main text for every code and every kind of subject', () => {
    const codes: TrackingErrorCode[] = [
      'unauthorized',
      'forbidden',
      'feature_not_enabled',
      'not_found',
      'invalid_request',
      'rate_limited',
      'upstream',
      'timeout',
      'network',
      'bad_response',
    ];
    const subjects: ErrorSubject[] = [
      { kind: 'shipment', id: 'MAEU123' },
      { kind: 'vessel', id: '9778791' },
      { kind: 'email_submission', id: '2a3b' },
      { kind: 'tracking_request', id: '7c6d' },
    ];
    for (const code of codes) {
      for (const subject of subjects) {
        const card = renderErrorCard(apiError(code, { status: 503 }), { now: NOW, subject });
        assertWithinBlockKitLimits(card);
        const main = [card.text, ...sectionTexts(card)].join('\n');
        expect(main).not.toMatch(/Error:|HTTP \d|not_found|bad_response|feature_not_enabled|invalid_request/);
        const contexts = blocksOfType(card, 'context');
        expect(contexts).toHaveLength(1);
        const context =
          contexts[0]?.elements.map((element) => ('text' in element ? element.text : '')).join(' ') ?? '';
        expect(context).not.toContain('Error:');
        expect(context).toContain(`*${subject.id}*`);
      }
    }
  });

  it('gives the admin the technical detail on the context line only when there is something to fix', () => {
    const upstream = renderErrorCard(apiError('upstream', { status: 503 }), { now: NOW });
    expect(cardText(upstream)).toContain('For your admin: the tracking API answered HTTP 503');
    const notFound = renderErrorCard(apiError('not_found', { status: 404 }), { now: NOW, subject: 'X1' });
    expect(cardText(notFound)).not.toContain('For your admin');
  });

  it('says the API key was rejected and to ask the admin', () => {
    expect(renderErrorCard(apiError('unauthorized'), { now: NOW }).text).toBe(
      'The tracking API key was rejected. Ask your admin to check it.',
    );
  });

  it('explains a permission problem with the API’s own words', () => {
    const error = apiError('forbidden', {
      apiErrors: [
        {
          status: '403',
          title: 'Forbidden',
          detail: 'Requires update permission',
          code: null,
          pointer: null,
          parameter: null,
        },
      ],
    });
    expect(renderErrorCard(error, { now: NOW }).text).toContain(
      "isn't allowed to do this (Requires update permission)",
    );
  });

  it('names the missing feature', () => {
    const error = apiError('feature_not_enabled', {
      apiErrors: [
        {
          status: '403',
          title: 'Forbidden',
          detail: 'Routing data feature is not enabled for this account',
          code: null,
          pointer: null,
          parameter: null,
        },
      ],
    });
    expect(renderErrorCard(error, { now: NOW }).text).toContain(
      'needs the Terminal49 *Routing Data* feature',
    );
  });

  it('guesses the feature from the endpoint when the API does not name it', () => {
    const error = apiError('feature_not_enabled', { request: { method: 'GET', path: '/vessels/9778791' } });
    expect(renderErrorCard(error, { now: NOW }).text).toContain('*Routing Data*');
  });

  it('says when to retry after a rate limit', () => {
    expect(renderErrorCard(apiError('rate_limited', { retryAfterSeconds: 42 }), { now: NOW }).text).toBe(
      'The tracking API is busy right now. Try again in 42 seconds.',
    );
    expect(renderErrorCard(apiError('rate_limited'), { now: NOW }).text).toContain('Try again in a minute.');
  });

  it('says the API is not answering for upstream, timeout and network failures', () => {
    for (const code of ['upstream', 'timeout', 'network'] as const) {
      expect(renderErrorCard(apiError(code), { now: NOW }).text).toBe(
        'The tracking API is not answering. Try again in a minute.',
      );
    }
  });

  it('says the API sent something unreadable', () => {
    expect(renderErrorCard(apiError('bad_response'), { now: NOW }).text).toContain(
      "sent something we couldn't read",
    );
  });

  it("lists the API's validation details, escaped and with the field named", () => {
    const error = apiError('invalid_request', {
      apiErrors: [
        {
          status: '422',
          title: 'Unprocessable Entity',
          detail: "Scac can't be blank <!channel>",
          code: 'blank',
          pointer: '/data/attributes/scac',
          parameter: null,
        },
      ],
    });
    const text = cardText(renderErrorCard(error, { now: NOW }));
    expect(text).toContain("• scac: Scac can't be blank &lt;!channel&gt;");
    expect(text).not.toContain('<!channel>');
  });

  it('shows a generic card for anything that is not a tracking API error, without its message', () => {
    const card = renderErrorCard(new Error('boom at /srv/app.ts:12 with xoxb-123-secret'), { now: NOW });
    expect(card.text).toContain('Something went wrong on our side');
    expect(cardText(card)).not.toContain('xoxb');
    expect(cardText(card)).not.toContain('app.ts');
  });

  it('never shows the internal message of a tracking API error', () => {
    for (const code of [
      'not_found',
      'unauthorized',
      'forbidden',
      'rate_limited',
      'upstream',
      'bad_response',
    ] as const) {
      expect(cardText(renderErrorCard(apiError(code), { now: NOW }))).not.toContain('sk_live_secret');
    }
  });

  it('escapes the subject', () => {
    const card = renderErrorCard(apiError('not_found'), { now: NOW, subject: '<@U123>' });
    expect(cardText(card)).not.toContain('<@U123>');
    expect(card.text).toContain('&lt;@U123&gt;');
  });
});

describe('a workspace with no Terminal49 account connected', () => {
  it('says how to connect one (admins) and whom to ask (everyone else), never a generic error', () => {
    const card = renderErrorCard(new FeatureError('not_connected', 'no account'), {
      now: new Date('2026-03-01T12:00:00Z'),
    });
    expect(card.text).toContain('/shipwatch connect');
    expect(card.text).toContain('ask an admin');
    expect(JSON.stringify(card.blocks)).not.toContain('Something went wrong');
  });
});
