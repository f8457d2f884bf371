/**
 * Hostile strings in every API- or user-sourced field must render as inert text and within Block Kit limits: no
 * mention, broadcast or link control sequence of theirs reaches Slack, no bidi control survives, and 10 000-character
 * values are clamped.
 */
import { describe, expect, it } from 'vitest';
import { renderContainerListMessages } from '../../../src/cards/container-list.js';
import { renderEmailSubmissionCard } from '../../../src/cards/email-submission-card.js';
import { renderErrorCard } from '../../../src/cards/error-card.js';
import { renderNotFoundCard } from '../../../src/cards/not-found-card.js';
import { renderShipmentCard } from '../../../src/cards/shipment-card.js';
import { renderTrackingRequestCard } from '../../../src/cards/tracking-request-card.js';
import type { SlackMessage } from '../../../src/cards/types.js';
import { renderVesselCard } from '../../../src/cards/vessel-card.js';
import { TrackingApiError } from '../../../src/tracking/errors.js';
import { allTexts, textsByKind } from '../../fixtures/cards/card-text.js';
import {
  fee,
  hold,
  makeContainer,
  makeDetail,
  makeDocument,
  makeEmailSubmission,
  makeShipment,
  makeTrackingRequestDetail,
  makeVessel,
  NOW,
} from '../../fixtures/cards/factories.js';
import { assertWithinBlockKitLimits } from '../../helpers/block-kit-validator.js';

const EVIL = '<!channel> <@U123> <https://evil.example|click> *bold* _it_ `code` \u202Eevil\u2066 \u200F';
const HUGE = `${EVIL}${'W'.repeat(10_000)}`;
const ctx = { now: NOW };

/** Our own control sequences: Slack date tokens (times and live ages) and the OpenStreetMap link of the vessel card. */
const OURS =
  /<!date\^\d+\^(?:\{date_short_pretty\} \{time\}(?: your time)?|Updated \{ago\}|terminal checked \{ago\})\|[^<>]*>|<https:\/\/www\.openstreetmap\.org\/[^<>|]*\|[^<>]*>/g;

function expectInert(message: SlackMessage): void {
  assertWithinBlockKitLimits(message);
  const { parsed, verbatim } = textsByKind(message);
  // mrkdwn and the fallback text are parsed by Slack: no control sequence or styling of theirs may survive.
  for (const text of parsed) {
    const withoutOurs = text.replace(OURS, '');
    expect(withoutOurs).not.toMatch(/<[!@#]/);
    expect(withoutOurs).not.toContain('<https://evil');
    expect(withoutOurs).not.toContain('*bold*');
    expect(withoutOurs).not.toContain('`code`');
  }
  // plain_text is shown verbatim (a `<!channel>` there is just characters), but bidi controls must go everywhere.
  for (const text of [...parsed, ...verbatim, ...allTexts(message)]) {
    expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/);
  }
}

const hostileShipment = () =>
  makeDetail({
    shipment: {
      billOfLadingNumber: EVIL,
      refNumbers: [EVIL, HUGE],
      shippingLine: { scac: EVIL, name: HUGE, shortName: EVIL },
      portOfLading: { locode: EVIL, name: HUGE, timeZone: 'Asia/Shanghai' },
      portOfDischarge: { locode: EVIL, name: EVIL, timeZone: EVIL },
      destination: { locode: 'X', name: HUGE, timeZone: null },
      vessel: { name: HUGE, imo: EVIL, voyageNumber: EVIL },
      lineTracking: { lastAttemptedAt: null, lastSucceededAt: null, stoppedAt: EVIL, stoppedReason: EVIL },
    },
    podTerminal: { id: 't', kind: 'terminal', name: HUGE, nickname: EVIL, firmsCode: null, providedData: {} },
    containers: Array.from({ length: 12 }, (_, index) =>
      makeContainer({
        id: `c-${index}`,
        number: index === 0 ? EVIL : `BNCU000000${index}`,
        equipmentType: EVIL,
        equipmentHeight: EVIL,
        currentStatus: EVIL,
        holds: [hold(EVIL, 'hold', HUGE), hold('customs', 'pending', EVIL)],
        fees: [fee(EVIL, 12, EVIL)],
        locationAtPodTerminal: HUGE,
        pickupAppointmentAt: { at: EVIL, timeZone: EVIL },
        deadlines: [{ at: EVIL, source: 'terminal', timeZone: EVIL }],
      }),
    ),
  });

describe('hostile data', () => {
  it('renders inert and within limits on the shipment card', () => {
    expectInert(renderShipmentCard(hostileShipment(), { now: NOW, matchedContainer: EVIL }));
  });

  it('renders inert and within limits in the thread container list', () => {
    for (const message of renderContainerListMessages(hostileShipment(), ctx)) expectInert(message);
  });

  it('renders inert and within limits on the vessel card', () => {
    const vessel = makeVessel({
      name: HUGE,
      imo: EVIL,
      mmsi: HUGE,
      positionTimestamp: EVIL,
      positions: [{ latitude: 1, longitude: 2, heading: null, timestamp: EVIL, estimated: false }],
    });
    expectInert(renderVesselCard(vessel, { now: NOW, positions: 'shown' }));
  });

  it('renders inert and within limits on the tracking request card', () => {
    const detail = makeTrackingRequestDetail(
      {
        id: EVIL,
        requestNumber: HUGE,
        requestType: EVIL,
        scac: EVIL,
        status: EVIL,
        failedReason: EVIL,
        refNumbers: Array.from({ length: 30 }, () => HUGE),
        tags: [EVIL, HUGE],
        createdAt: EVIL,
        updatedAt: EVIL,
        shipmentId: EVIL,
      },
      makeShipment({ billOfLadingNumber: HUGE }),
    );
    expectInert(renderTrackingRequestCard(detail, ctx));
  });

  it('renders inert and within limits on the email submission card', () => {
    const email = makeEmailSubmission([
      makeDocument({
        id: 'd1',
        name: HUGE,
        fileName: EVIL,
        fileContentType: 'image/png',
        documentType: EVIL,
      }),
      makeDocument({ id: 'd2', fileName: HUGE, fileContentType: EVIL }),
    ]);
    email.emailSubmission.subject = HUGE;
    email.emailSubmission.from = [EVIL, HUGE];
    expectInert(
      renderEmailSubmissionCard(email, {
        now: NOW,
        downloadUrls: { d1: `https://x.example/${'a'.repeat(4000)}` },
      }),
    );
  });

  it('renders inert on the error and not-found cards', () => {
    const error = new TrackingApiError({
      code: 'invalid_request',
      message: EVIL,
      apiErrors: Array.from({ length: 8 }, () => ({
        status: '422',
        title: EVIL,
        detail: HUGE,
        code: null,
        pointer: `/data/${EVIL}`,
        parameter: null,
      })),
    });
    expectInert(renderErrorCard(error, { now: NOW, subject: HUGE }));
    expectInert(
      renderNotFoundCard({ kind: 'not_found', query: HUGE, looksLike: 'bill_of_lading_or_booking' }, ctx),
    );
  });
});
