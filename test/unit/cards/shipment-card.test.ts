import { describe, expect, it } from 'vitest';
import { ACTION, SET_FIELD_OPTION_PREFIX } from '../../../src/cards/ids.js';
import { renderShipmentCard } from '../../../src/cards/shipment-card.js';
import { blocksOfType, buttons, cardText, sectionTexts } from '../../fixtures/cards/card-text.js';
import {
  CHICAGO,
  fee,
  hold,
  LA,
  lfd,
  makeContainer,
  makeDetail,
  manyContainers,
  NOW,
  NY,
  zoned,
} from '../../fixtures/cards/factories.js';
import { assertWithinBlockKitLimits } from '../../helpers/block-kit-validator.js';

const ctx = { now: NOW };

/** The card's sections after the headline (route, milestones, rows…). */
function bodySections(card: ReturnType<typeof renderShipmentCard>): string[] {
  return sectionTexts(card).slice(1);
}

/** The headline: the first section, right under the header. */
function headline(card: ReturnType<typeof renderShipmentCard>): string {
  return sectionTexts(card)[0] ?? '';
}

function twoContainerDetail() {
  return makeDetail({
    containers: [
      makeContainer({ id: 'c-ready', number: 'TCLU1234568' }),
      makeContainer({
        id: 'c-held',
        number: 'MSKU9070323',
        availableForPickup: false,
        holds: [hold('customs', 'hold', 'CBP HOLD'), hold('freight', 'pending')],
        fees: [fee('demurrage', 850), fee('exam', 400), fee('total', 1250)],
        deadlines: [lfd('2024-07-07T07:00:00Z')],
        locationAtPodTerminal: 'Yard - C1009B',
        pickupAppointmentAt: zoned('2024-07-06T17:30:00Z', LA),
      }),
    ],
  });
}

describe('shipment card', () => {
  it('has a notification text with the ETA, its slippage and how many containers are ready', () => {
    const card = renderShipmentCard(twoContainerDetail(), ctx);
    expect(card.text).toBe(
      'MAEU240817361 (Maersk): ETA Los Angeles Mon 8 Jul, 2 days late; 1 of 2 containers ready, 1 on hold',
    );
    assertWithinBlockKitLimits(card);
  });

  it('puts the most urgent fact right under the header: the held container, by number and hold', () => {
    const card = renderShipmentCard(twoContainerDetail(), ctx);
    expect(card.blocks[1]?.type).toBe('section');
    expect(headline(card)).toBe('⛔ *1 container on hold:* MSKU9070323 (customs hold)');
  });

  it('heads with the containers past their last free day before anything else', () => {
    const detail = makeDetail({
      containers: [
        makeContainer({ number: 'AAAU0000001', holds: [hold('customs')] }),
        makeContainer({ number: 'BBBU0000001', deadlines: [lfd('2024-07-03T07:00:00Z')] }),
        makeContainer({ number: 'CCCU0000001', deadlines: [lfd('2024-07-02T07:00:00Z')] }),
      ],
    });
    expect(headline(renderShipmentCard(detail, ctx))).toBe(
      '🔴 *2 containers past their last free day:* CCCU0000001 (3 days overdue), BBBU0000001 (2 days overdue)',
    );
  });

  it('heads with an LFD due today, saying whose today it is', () => {
    const detail = makeDetail({
      containers: [
        makeContainer({ number: 'HLXU3141597', deadlines: [lfd('2024-07-05T04:00:00Z', 'terminal', NY)] }),
      ],
      shipment: { portOfDischarge: { locode: 'USNYC', name: 'New York', timeZone: NY } },
    });
    expect(headline(renderShipmentCard(detail, ctx))).toBe(
      '🟠 *Last free day for 1 container:* HLXU3141597 (today in New York)',
    );
  });

  it('heads with readiness when nothing needs chasing', () => {
    expect(headline(renderShipmentCard(makeDetail({ containers: manyContainers(2) }), ctx))).toBe(
      '✅ *All 2 containers ready for pickup*',
    );
  });

  it('heads with the ETA while every container is still on the water', () => {
    const detail = makeDetail({
      containers: [makeContainer({ currentStatus: 'on_ship', availableForPickup: null })],
    });
    expect(headline(renderShipmentCard(detail, ctx))).toBe(
      '🚢 *Not at the terminal yet:* ETA Los Angeles Mon 8 Jul, 2 days late',
    );
  });

  it('heads with the stop when tracking has stopped', () => {
    const detail = makeDetail({
      shipment: {
        lineTracking: {
          lastAttemptedAt: null,
          lastSucceededAt: null,
          stoppedAt: '2024-07-01T00:00:00Z',
          stoppedReason: 'booking_cancelled',
        },
      },
    });
    expect(headline(renderShipmentCard(detail, ctx))).toBe('⏹️ *Tracking stopped:* the booking was cancelled');
  });

  it('heads the card with the BL and the carrier, and shows the route, terminal and vessel', () => {
    const card = renderShipmentCard(twoContainerDetail(), ctx);
    expect(blocksOfType(card, 'header')[0]?.text.text).toBe('MAEU240817361 · Maersk');
    const route = bodySections(card)[0];
    expect(route).toContain('*Shanghai* → *Los Angeles*');
    expect(route).toContain('APM Terminals Pier 400');
    expect(route).toContain('🚢 MAERSK EMDEN · voyage 245E');
  });

  it('shows departure in the port-of-lading zone and arrival in the port-of-discharge zone, with the slippage', () => {
    const milestones = bodySections(renderShipmentCard(twoContainerDetail(), ctx))[1];
    expect(milestones).toContain('*Departed Shanghai:* Thu 20 Jun 14:00 GMT+8');
    expect(milestones).toContain('*ETA Los Angeles:* Mon 8 Jul 08:00 PDT');
    expect(milestones).toContain(
      '<!date^1720450800^{date_short_pretty} {time} your time|Mon 8 Jul 15:00 UTC>',
    );
    expect(milestones).toContain('in 3 days · ⚠️ 2 days later than first announced');
  });

  it('shows the destination ETA in the destination zone for an inland move', () => {
    const detail = makeDetail({
      shipment: {
        destination: { locode: 'USCHI', name: 'Chicago', timeZone: CHICAGO },
        destinationEtaAt: zoned('2024-07-14T17:00:00Z', CHICAGO),
      },
    });
    const card = renderShipmentCard(detail, ctx);
    expect(bodySections(card)[0]).toContain('→ *Chicago*');
    expect(bodySections(card)[1]).toContain('*ETA Chicago:* Sun 14 Jul 12:00 CDT');
  });

  it('shows an arrival once the vessel is in, compared with the first announced ETA', () => {
    const detail = makeDetail({
      shipment: {
        podAtaAt: zoned('2024-07-04T13:00:00Z', LA),
        podEtaAt: null,
        podOriginalEtaAt: zoned('2024-07-03T13:00:00Z', LA),
      },
    });
    const card = renderShipmentCard(detail, ctx);
    expect(bodySections(card)[1]).toContain('*Arrived Los Angeles:* Thu 4 Jul 06:00 PDT');
    expect(bodySections(card)[1]).toContain('yesterday · 1 day later than first announced');
    expect(card.text).toContain('arrived Los Angeles Thu 4 Jul, 1 day late;');
  });

  it('reads an arrival time in the future as what it is, not as a normal milestone', () => {
    const detail = makeDetail({
      shipment: { podAtaAt: zoned('2024-07-08T15:00:00Z', LA), podEtaAt: null, podOriginalEtaAt: null },
    });
    const card = renderShipmentCard(detail, ctx);
    const arrival =
      bodySections(card)[1]
        ?.split('\n')
        .find((line) => line.startsWith('⚓')) ?? '';
    expect(arrival).toContain('reported arrival time is in the future');
    expect(arrival).toContain('Mon 8 Jul 08:00 PDT');
    expect(card.text).not.toContain('arrived Los Angeles');
    expect(card.text).toContain('reported arrival time is in the future');
  });

  it('reads an ETA in the past for boxes already picked up as an arrival without a reported time', () => {
    const detail = makeDetail({
      shipment: { podEtaAt: zoned('2024-07-01T15:00:00Z', LA), podOriginalEtaAt: null, podAtaAt: null },
      containers: [
        makeContainer({ currentStatus: 'picked_up', podFullOutAt: zoned('2024-07-03T17:00:00Z') }),
      ],
    });
    const card = renderShipmentCard(detail, ctx);
    const arrival =
      bodySections(card)[1]
        ?.split('\n')
        .find((line) => line.startsWith('⚓')) ?? '';
    expect(arrival).toContain('*Arrived Los Angeles:* arrival time not reported');
    expect(arrival).toContain('last ETA Mon 1 Jul 08:00 PDT');
    expect(arrival).not.toContain('*ETA Los Angeles:*');
    expect(card.text).toContain('arrived Los Angeles (time not reported)');
  });

  it('says an ETA in the past with no sign of arrival has passed without an arrival reported', () => {
    const detail = makeDetail({
      shipment: { podEtaAt: zoned('2024-07-03T15:00:00Z', LA), podOriginalEtaAt: null, podAtaAt: null },
      containers: [makeContainer({ currentStatus: 'on_ship', availableForPickup: null })],
    });
    const arrival =
      bodySections(renderShipmentCard(detail, ctx))[1]
        ?.split('\n')
        .find((line) => line.startsWith('⚓')) ?? '';
    expect(arrival).toContain('*ETA Los Angeles:* Wed 3 Jul 08:00 PDT');
    expect(arrival).toContain('passed, no arrival reported yet');
  });

  it('shows an ETA whose zone is unknown as written, marked, without a reader-time token', () => {
    const detail = makeDetail({
      shipment: { podEtaAt: zoned('2024-07-08T15:00:00Z', null), podOriginalEtaAt: null },
    });
    const milestones = bodySections(renderShipmentCard(detail, ctx))[1] ?? '';
    const etaLine = milestones.split('\n').find((line) => line.includes('ETA Los Angeles')) ?? '';
    expect(etaLine).toContain('Mon 8 Jul 15:00 (zone unknown)');
    expect(etaLine).not.toContain('<!date');
  });

  it('shows an ETA on the US DST switch date in the right offset', () => {
    const detail = makeDetail({
      shipment: { podEtaAt: zoned('2024-03-10T11:00:00Z', LA), podOriginalEtaAt: null },
    });
    const card = renderShipmentCard(detail, { now: new Date('2024-03-08T12:00:00Z') });
    expect(bodySections(card)[1]).toContain('Sun 10 Mar 04:00 PDT');
  });

  it('puts a banner with the reason in words when tracking has stopped', () => {
    const detail = makeDetail({
      shipment: {
        lineTracking: {
          lastAttemptedAt: null,
          lastSucceededAt: null,
          stoppedAt: '2024-07-01T00:00:00Z',
          stoppedReason: 'past_arrival_window',
        },
      },
    });
    const card = renderShipmentCard(detail, ctx);
    expect(bodySections(card)[1]).toContain('⏹️ *Tracking stopped*');
    expect(bodySections(card)[1]).toContain('more than 56 days have passed since arrival');
    expect(card.text).toContain('tracking stopped;');
  });

  it('lists the container on hold before the ready one, with holds, LFD, fees, location and appointment', () => {
    const rows = bodySections(renderShipmentCard(twoContainerDetail(), ctx)).slice(2);
    expect(rows[0]).toContain("*MSKU9070323* · 40' HC dry · available at the terminal");
    expect(rows[0]).toContain('⛔ Not ready: customs hold (CBP HOLD) · ⚠️ pending freight hold');
    expect(rows[0]).toContain('🟡 LFD Sun 7 Jul · in 2 days · terminal LFD');
    expect(rows[0]).toContain('💵 Fees USD 1,250.00 (demurrage USD 850.00, exam fee USD 400.00)');
    expect(rows[0]).toContain('📍 Location Yard - C1009B');
    expect(rows[0]).toContain('🚚 Pickup appointment Sat 6 Jul 10:30 PDT');
    expect(rows[1]).toContain('*TCLU1234568*');
    expect(rows[1]).toContain('✅ Ready for pickup');
  });

  it('puts LFDs overdue, today and within 3 days first, then held boxes, then the rest', () => {
    const detail = makeDetail({
      containers: [
        makeContainer({ number: 'AAAU0000001' }),
        makeContainer({ number: 'BBBU0000001', deadlines: [lfd('2024-07-06T07:00:00Z')] }),
        makeContainer({ number: 'CCCU0000001', holds: [hold('customs')] }),
        makeContainer({ number: 'DDDU0000001', deadlines: [lfd('2024-07-02T07:00:00Z')] }),
        makeContainer({ number: 'EEEU0000001', deadlines: [lfd('2024-07-05T07:00:00Z')] }),
        makeContainer({
          number: 'FFFU0000001',
          holds: [hold('customs')],
          deadlines: [lfd('2024-07-09T07:00:00Z')],
        }),
      ],
    });
    const rows = bodySections(renderShipmentCard(detail, ctx)).slice(2);
    expect(rows.map((row) => row.slice(1, 12))).toEqual([
      'DDDU0000001',
      'EEEU0000001',
      'BBBU0000001',
      'FFFU0000001',
      'CCCU0000001',
      'AAAU0000001',
    ]);
  });

  it('puts a held box before a free one with an LFD in the same band, so a held box due tomorrow leads', () => {
    const detail = makeDetail({
      containers: [
        makeContainer({ number: 'AAAU0000001', deadlines: [lfd('2024-07-06T07:00:00Z')] }),
        makeContainer({
          number: 'BBBU0000001',
          availableForPickup: false,
          holds: [hold('customs')],
          deadlines: [lfd('2024-07-06T07:00:00Z')],
        }),
        makeContainer({
          number: 'CCCU0000001',
          holds: [hold('TMF')],
          deadlines: [lfd('2024-07-09T07:00:00Z')],
        }),
      ],
    });
    const rows = bodySections(renderShipmentCard(detail, ctx)).slice(2);
    expect(rows.map((row) => row.slice(1, 12))).toEqual(['BBBU0000001', 'AAAU0000001', 'CCCU0000001']);
  });

  it('shows the boxes the summary flags: LFDs within 3 days come before held boxes due in 4 days', () => {
    const containers = manyContainers(60, (index) => {
      if (index < 11)
        return { deadlines: [lfd(index < 5 ? '2024-07-07T07:00:00Z' : '2024-07-08T07:00:00Z')] };
      if (index < 16)
        return {
          availableForPickup: false,
          holds: [hold('USDA')],
          deadlines: [lfd('2024-07-09T07:00:00Z')],
        };
      return {};
    });
    const texts = bodySections(renderShipmentCard(makeDetail({ containers }), ctx));
    expect(texts.find((text) => text.startsWith('*60 containers'))).toContain(
      '*Last free day:* 11 within 3 days',
    );
    const shown = texts.filter((text) => text.startsWith('*BNCU'));
    expect(shown).toHaveLength(5);
    for (const row of shown) expect(row).toContain('🟡 LFD Sun 7 Jul · in 2 days');
  });

  it('counts a dropped container with a full-out time as picked up, not as not released yet', () => {
    const containers = manyContainers(9, (index) =>
      index === 0
        ? {
            currentStatus: 'dropped',
            availableForPickup: false,
            podFullOutAt: zoned('2024-07-05T08:00:00Z'),
            deadlines: [lfd('2024-07-06T07:00:00Z')],
          }
        : {},
    );
    const card = renderShipmentCard(makeDetail({ containers }), ctx);
    const summary = bodySections(card).find((text) => text.startsWith('*9 containers'));
    expect(summary).toBe('*9 containers:* 8 ready, 1 picked up or returned\nMost urgent first:');
    expect(cardText(card)).not.toContain('out of sync');
  });

  it('shows a status the API adds later humanised and escaped in the row title', () => {
    const detail = makeDetail({ containers: [makeContainer({ currentStatus: 'at_<gate>' })] });
    expect(bodySections(renderShipmentCard(detail, ctx))[2]).toContain('at &lt;gate&gt;');
  });

  it('says an off-dock box has left the terminal rather than that it was picked up', () => {
    const detail = makeDetail({
      containers: [makeContainer({ currentStatus: 'off_dock', podFullOutAt: zoned('2024-07-04T17:00:00Z') })],
    });
    const row = bodySections(renderShipmentCard(detail, ctx))[2];
    expect(row).toContain('📦 Left the terminal Thu 4 Jul 10:00 PDT');
    expect(row).toContain('✅ Ready for pickup');
  });

  it('says a box with no status that left the port for Chicago is on its way inland, derived, not picked up', () => {
    const detail = makeDetail({
      shipment: { destination: { locode: 'USCHI', name: 'Chicago', timeZone: CHICAGO } },
      containers: [
        makeContainer({
          currentStatus: null,
          availableForPickup: null,
          podArrivedAt: zoned('2024-07-01T10:00:00Z'),
          podFullOutAt: zoned('2024-07-04T17:00:00Z'),
        }),
      ],
    });
    const row = bodySections(renderShipmentCard(detail, ctx))[2] ?? '';
    expect(row).toContain('on its way inland');
    expect(row).toContain('derived from the milestones');
    expect(row).toContain('📦 Left the terminal Thu 4 Jul 10:00 PDT');
    expect(row).not.toContain('Picked up');
  });

  it('says a box on board with no arrival is not at the terminal yet, never that the terminal data is out of sync', () => {
    const detail = makeDetail({
      containers: [
        makeContainer({
          currentStatus: 'not_available',
          availableForPickup: false,
          locationAtPodTerminal: 'ON BOARD',
        }),
      ],
    });
    const row = bodySections(renderShipmentCard(detail, ctx))[2] ?? '';
    expect(row).toContain('🚢 Not at the terminal yet');
    expect(row).toContain('the API reports at the terminal, not available');
    expect(row).not.toContain('out of sync');
  });

  it('shows the container the person looked up first and marks it', () => {
    const card = renderShipmentCard(twoContainerDetail(), { now: NOW, matchedContainer: 'tclu1234568' });
    const rows = bodySections(card).slice(2);
    expect(rows[0]).toContain('*TCLU1234568*');
    expect(rows[0]).toContain('the container you looked up');
  });

  it('gives each container an overflow menu whose first option sets a custom field on that container', () => {
    const card = renderShipmentCard(twoContainerDetail(), ctx);
    const menus = blocksOfType(card, 'section').flatMap((block) =>
      block.accessory?.type === 'overflow' ? [block.accessory] : [],
    );
    expect(menus).toHaveLength(2);
    for (const menu of menus) expect(menu.action_id).toBe(ACTION.containerOverflow);
    expect(menus.map((menu) => menu.options[0]?.value).sort()).toEqual([
      `${SET_FIELD_OPTION_PREFIX}c-held~MSKU9070323`,
      `${SET_FIELD_OPTION_PREFIX}c-ready~TCLU1234568`,
    ]);
  });

  it('has Refresh, Vessel and Watch buttons carrying the shipment id and the IMO', () => {
    expect(buttons(renderShipmentCard(twoContainerDetail(), ctx))).toEqual([
      { actionId: ACTION.shipmentRefresh, value: 'shipment-1', text: 'Refresh' },
      { actionId: ACTION.shipmentOpenVessel, value: '9778791', text: 'Vessel' },
      { actionId: ACTION.shipmentWatch, value: 'shipment-1', text: 'Watch' },
    ]);
  });

  it('has Unwatch instead of Watch, and says it is watching and when it last changed, when a watch keeps it true', () => {
    const card = renderShipmentCard(twoContainerDetail(), {
      ...ctx,
      watch: { updatedAtMs: NOW.getTime() - 180_000 },
    });
    expect(buttons(card).map((button) => button.text)).toEqual(['Refresh', 'Vessel', 'Take it', 'Unwatch']);
    const footer = blocksOfType(card, 'context').at(-1);
    expect(footer?.elements[0]).toMatchObject({
      text: expect.stringMatching(
        /^👁 Watching · <!date\^1720195020\^updated \{ago\}\|updated Fri 5 Jul 15:57 UTC> · data from Maersk/,
      ),
    });
    expect(JSON.stringify(card.blocks)).not.toContain('Relative times as of');
  });

  it('reads the next working day on the channel’s own week: on a Friday, Saturday where Saturday is worked', () => {
    const detail = twoContainerDetail();
    const options = (daysOff?: number[]) =>
      JSON.stringify(
        renderShipmentCard(detail, {
          ...ctx,
          watch: { updatedAtMs: NOW.getTime(), ...(daysOff ? { daysOff } : {}) },
        }).blocks,
      );
    expect(options()).toContain('Snooze to next working day, Mon 8 Jul 08:00');
    expect(options([6, 0])).toContain('Snooze to next working day, Mon 8 Jul 08:00');
    // Saturday is both tomorrow and the next working day: one preset, not two that say the same.
    expect(options([0])).toContain('Snooze to Sat 6 Jul 08:00');
    expect(options([0])).not.toContain('next working day');
  });

  it('shows who took a watched card, and per box a snooze (in each reader’s zone) or done, with the menu to change it', () => {
    const detail = twoContainerDetail();
    const [first, second] = detail.containers;
    const until = NOW.getTime() + 86_400_000;
    const card = renderShipmentCard(detail, {
      ...ctx,
      watch: {
        updatedAtMs: NOW.getTime(),
        owner: 'U0BOB',
        alerts: {
          [first?.id ?? '']: { state: 'snoozed', until },
          [second?.id ?? '']: { state: 'done', until: null },
        },
      },
    });
    const text = JSON.stringify(card.blocks);
    expect(text).toContain('👤 Taken by <@U0BOB>');
    expect(text).toContain(`🔕 Reminders snoozed until <!date^${Math.floor(until / 1000)}^`);
    expect(text).toContain('✅ Done: no more reminders for this box here');
    expect(text).toContain(`"value":"alert:snooze_tomorrow:${first?.id}"`);
    expect(text).toContain(`"value":"alert:done:${second?.id}"`);
    // Friday: the next working day is Monday, so both presets are offered.
    expect(text).toContain(`"value":"alert:snooze_next:${first?.id}"`);
    // An unwatched card has neither Take it nor the alert options.
    const plain = JSON.stringify(renderShipmentCard(detail, ctx).blocks);
    expect(plain).not.toContain('alert:');
    expect(plain).not.toContain('Take it');
  });

  it('says when the relative phrases of an unwatched card were computed', () => {
    const card = renderShipmentCard(twoContainerDetail(), ctx);
    expect(JSON.stringify(card.blocks)).toContain('Relative times as of <!date^1720195200^');
  });

  it('leaves the Vessel button out when the IMO is unknown', () => {
    const detail = makeDetail({ shipment: { vessel: { name: null, imo: null, voyageNumber: null } } });
    expect(buttons(renderShipmentCard(detail, ctx)).map((button) => button.actionId)).toEqual([
      ACTION.shipmentRefresh,
      ACTION.shipmentWatch,
    ]);
  });

  it('says how fresh the data is in the footer as live ages, so tomorrow it does not still say "just now"', () => {
    const footer = blocksOfType(renderShipmentCard(twoContainerDetail(), ctx), 'context').at(-1);
    expect(footer?.elements[0]).toEqual({
      type: 'mrkdwn',
      text:
        '<!date^1720195020^Updated {ago}|Updated Fri 5 Jul 15:57 UTC> · data from Maersk · ' +
        '<!date^1720191600^terminal checked {ago}|terminal checked Fri 5 Jul 15:00 UTC>',
    });
  });

  it('keeps the footer the same whenever it is rendered, since Slack computes the ages', () => {
    const footerAt = (now: Date) =>
      JSON.stringify(blocksOfType(renderShipmentCard(twoContainerDetail(), { now }), 'context').at(-1));
    expect(footerAt(new Date('2024-07-06T16:00:00Z'))).toBe(footerAt(NOW));
  });

  it('says so when no containers are reported yet', () => {
    const card = renderShipmentCard(makeDetail({ containers: [] }), ctx);
    expect(cardText(card)).toContain('No containers reported yet');
    expect(card.text).toContain('no containers yet');
    assertWithinBlockKitLimits(card);
  });

  it('says how many containers the API listed without their details, never that none are reported', () => {
    const card = renderShipmentCard(
      makeDetail({ containers: [], unloadedContainerIds: ['a', 'b', 'c'] }),
      ctx,
    );
    expect(cardText(card)).toContain('3 containers, details not loaded');
    expect(cardText(card)).not.toContain('No containers reported yet');
    expect(card.text).not.toContain('no containers yet');
    assertWithinBlockKitLimits(card);
  });

  it('says which share of the containers is shown when some were not loaded', () => {
    const card = renderShipmentCard(
      makeDetail({ containers: manyContainers(2), unloadedContainerIds: ['x-1', 'x-2', 'x-3'] }),
      ctx,
    );
    expect(cardText(card)).toContain('3 of 5 containers: details not loaded');
    expect(card.text).toContain('of 5 containers');
  });

  it('shows the rail leg to Chicago with the rail LFD read in Chicago', () => {
    const detail = makeDetail({
      shipment: { destination: { locode: 'USCHI', name: 'Chicago', timeZone: CHICAGO } },
      containers: [
        makeContainer({
          currentStatus: 'on_rail',
          finalDestinationTimeZone: CHICAGO,
          indEtaAt: zoned('2024-07-08T14:00:00Z', CHICAGO),
          deadlines: [lfd('2024-07-11T05:00:00Z', 'rail', CHICAGO)],
        }),
      ],
    });
    const row = bodySections(renderShipmentCard(detail, ctx))[2];
    expect(row).toContain('🚆 On rail to Chicago · ETA Mon 8 Jul 09:00 CDT');
    expect(row).toContain('🗓️ LFD Thu 11 Jul · in 6 days · rail LFD');
  });

  it('shows every container when there are eight', () => {
    const card = renderShipmentCard(makeDetail({ containers: manyContainers(8) }), ctx);
    expect(bodySections(card).filter((text) => text.startsWith('*BNCU'))).toHaveLength(8);
    expect(buttons(card).some((button) => button.actionId === ACTION.shipmentShowAllContainers)).toBe(false);
    assertWithinBlockKitLimits(card);
  });

  it('summarises more than eight containers, shows the most urgent few and offers the full list', () => {
    const containers = manyContainers(60, (index) => ({
      holds: index % 12 === 0 ? [hold('customs')] : [],
      deadlines: index % 20 === 1 ? [lfd('2024-07-02T07:00:00Z')] : [],
    }));
    const card = renderShipmentCard(makeDetail({ containers }), ctx);
    const texts = bodySections(card);
    const summary = texts.find((text) => text.startsWith('*60 containers:')) ?? '';
    expect(summary).toContain('*60 containers:* 55 ready, 5 on hold');
    expect(summary).toContain('*Last free day:* 3 past');
    expect(summary).toContain('⛔ On hold: BNCU0000000, BNCU0000012, BNCU0000024, BNCU0000036, BNCU0000048');
    expect(summary).toContain('🔴 Past LFD: BNCU0000001, BNCU0000021, BNCU0000041');
    expect(texts.filter((text) => text.startsWith('*BNCU'))).toHaveLength(5);
    expect(texts.find((text) => text.startsWith('*BNCU'))).toContain('overdue');
    expect(buttons(card)).toContainEqual({
      actionId: ACTION.shipmentShowAllContainers,
      value: 'shipment-1',
      text: 'Show all 60 containers',
    });
    assertWithinBlockKitLimits(card);
  });

  it('keeps a 100-container shipment within every Block Kit limit', () => {
    const containers = manyContainers(100, (index) => ({
      holds: [hold('customs', 'hold', 'x'.repeat(400)), hold('freight', 'pending', 'y'.repeat(400))],
      fees: [fee('demurrage', 100 + index), fee('exam', 0)],
      deadlines: [
        lfd(`2024-07-${String(1 + (index % 20)).padStart(2, '0')}T07:00:00Z`),
        lfd('2024-07-20', 'line'),
      ],
      locationAtPodTerminal: 'z'.repeat(500),
      pickupAppointmentAt: zoned('2024-07-06T17:30:00Z', LA),
    }));
    const card = renderShipmentCard(makeDetail({ containers }), ctx);
    assertWithinBlockKitLimits(card);
    expect(card.text).toContain('of 100 containers ready');
  });

  it('keeps rendering within limits when eight containers carry huge texts, by summarising', () => {
    const containers = manyContainers(8, () => ({ locationAtPodTerminal: 'L'.repeat(2000) }));
    const card = renderShipmentCard(makeDetail({ containers }), ctx);
    assertWithinBlockKitLimits(card);
    expect(buttons(card).some((button) => button.actionId === ACTION.shipmentShowAllContainers)).toBe(true);
  });
});

describe('the last free day of a box that left the port by rail', () => {
  it('never heads with "past its last free day" for the port terminal LFD it left behind', () => {
    const detail = makeDetail({
      shipment: { destination: { locode: 'USCHI', name: 'Chicago', timeZone: CHICAGO } },
      containers: [
        makeContainer({
          currentStatus: 'on_rail',
          podDischargedAt: zoned('2024-06-26T10:00:00Z'),
          podFullOutAt: zoned('2024-06-27T10:00:00Z'),
          podRailLoadedAt: zoned('2024-06-27T10:00:00Z'),
          finalDestinationTimeZone: CHICAGO,
          deadlines: [lfd('2024-07-01T07:00:00Z', 'terminal')],
        }),
      ],
    });
    const card = renderShipmentCard(detail, ctx);
    expect(headline(card)).not.toContain('last free day');
    expect(cardText(card)).not.toContain('overdue');
  });
});

describe('Watch on a private card', () => {
  const watchButton = (card: ReturnType<typeof renderShipmentCard>) =>
    blocksOfType(card, 'actions')
      .flatMap((block) => block.elements)
      .find((element) => element.type === 'button' && element.action_id === ACTION.shipmentWatch);

  it('asks first, naming the channel the card would be posted in for everyone', () => {
    const card = renderShipmentCard(makeDetail(), {
      ...ctx,
      privateIn: { channelId: 'C0OPS', channelName: 'ops' },
    });
    const watch = watchButton(card);
    expect(watch?.type === 'button' && watch.confirm).toMatchObject({
      title: { text: 'Post this card for everyone?' },
      text: { text: expect.stringContaining('Watching posts the card in <#C0OPS|ops> for everyone') },
      confirm: { text: 'Post and watch' },
    });
  });

  it('asks nothing on a card the channel already sees', () => {
    const watch = watchButton(renderShipmentCard(makeDetail(), ctx));
    expect(watch?.type === 'button' && watch.confirm).toBeFalsy();
  });

  it('keeps a channel name it cannot trust out of the dialog’s mrkdwn', () => {
    const card = renderShipmentCard(makeDetail(), {
      ...ctx,
      privateIn: { channelId: 'C0OPS', channelName: 'ops><!channel>' },
    });
    const watch = watchButton(card);
    expect(JSON.stringify(watch?.type === 'button' ? watch.confirm : null)).toContain('<#C0OPS|opschannel>');
  });
});
