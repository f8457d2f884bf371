import { describe, expect, it } from 'vitest';
import { renderErrorCard } from '../../../src/cards/error-card.js';
import { TrackingApiError, type TrackingErrorCode } from '../../../src/tracking/errors.js';
import { cardText } from '../../fixtures/cards/card-text.js';
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
  it('asks to check the number when nothing was found', () => {
    const card = renderErrorCard(apiError('not_found', { status: 404 }), { now: NOW, subject: 'MAEU123' });
    expect(card.text).toBe("Couldn't find *MAEU123*. Check the number and try again.");
    expect(cardText(card)).toContain('Error: not_found · HTTP 404');
    assertWithinBlockKitLimits(card);
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
