/**
 * The demo catalogue: the ids and numbers of the simulator's demo data that tests, the local workspace's suggestions
 * and the README rely on. The records themselves are built in demo/*.ts relative to the current clock; only their
 * identities are fixed here. Container numbers carry valid ISO 6346 check digits; BLs carry their carrier's prefix.
 */
export const DEMO = {
  shipments: {
    /** Maersk, Shanghai → Los Angeles, ETA slipped 2 days against the original; containers ready / on hold. */
    slippedEta: { id: '7f3c1e2a-5b8d-4c6e-9a1f-2d3b4c5e6f70', bl: 'MAEU240817361' },
    /** Hapag-Lloyd, Hamburg → New York/Newark, arrived; LFD today and overdue with demurrage. */
    arrived: { id: '0b9e6d4c-3a2f-4e1d-8c7b-6a5f4e3d2c1b', bl: 'HLCUHAM2603015' },
    /** ONE, Tokyo → Tacoma, then rail to Chicago (inland move, rail LFD in America/Chicago). */
    railMove: { id: 'c4d5e6f7-0819-4a2b-9c3d-4e5f60718293', bl: 'ONEYTYOA51234500' },
    /** MSC, tracking stopped (past arrival window). */
    trackingStopped: { id: '5e6f7081-92a3-4b4c-8d5e-6f708192a3b4', bl: 'MEDUVN123456' },
    /** COSCO, Ningbo → Rotterdam, on the water, due tomorrow: arrives, berths and discharges as demo time runs. */
    onWater: { id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', bl: 'COSU6312345670' },
    /** Evergreen, Kaohsiung → Oakland, LFD next week, pickup appointment booked. */
    appointment: { id: 'd2e3f405-1627-4389-9a0b-1c2d3e4f5061', bl: 'EGLV142300012345' },
    /** OOCL, Singapore → Felixstowe, terminal reports no LFD or availability (unknown states). */
    unknownTerminalData: { id: 'e3f40516-2738-4490-8b1c-2d3e4f506172', bl: 'OOLU2712345670' },
    /** CMA CGM, Yantian → Savannah, 60 containers: the card summarises them. Found by booking number. */
    manyContainers: {
      id: 'f4051627-3849-45a1-9c2d-3e4f50617283',
      bl: 'CMDUSZX0845120',
      booking: 'SZX0845120',
    },
    /** A shipment whose id is not a UUID, as some real accounts show. */
    nonUuid: { id: 'shipment-legacy-42', bl: 'ZIMUSHH30412345' },
  },
  containers: {
    /** On slippedEta: available, no holds, LFD in 2 days at the POD terminal. */
    ready: 'TCLU1234568',
    /** On slippedEta: customs hold + pending freight hold, fees with a `total` row. */
    onHold: 'MSKU9070323',
    /** On arrived: LFD today. */
    lfdToday: 'HLXU3141597',
    /** On arrived: LFD overdue, demurrage posted. */
    lfdOverdue: 'CSNU6543216',
    /** On railMove: on rail to Chicago. */
    onRail: 'ONEU1234503',
    /** On appointment: LFD next week, pickup appointment. */
    lfdNextWeek: 'EGHU9001232',
    /** On unknownTerminalData: availability unknown, no LFD. */
    unknown: 'OOLU8264516',
  },
  vessels: {
    /** The POD vessel of slippedEta, with a week of positions. */
    withPositions: { id: '3b4c5d6e-7f80-4912-a3b4-c5d6e7f80912', imo: '9778791', name: 'MAERSK EMDEN' },
    /** The POD vessel of arrived. */
    moored: { id: '4c5d6e7f-8091-4a23-b4c5-d6e7f8091a23', imo: '9501368', name: 'HAMBURG EXPRESS' },
  },
  trackingRequests: {
    pending: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
    awaitingManifest: '8b7c6d5e-4f3a-4b2c-8d1e-0f9a8b7c6d5e',
    /** Created: tracks slippedEta. */
    created: '7c6d5e4f-3a2b-4c1d-9e0f-9a8b7c6d5e4f',
    /** Failed with reason not_found. */
    failed: '6d5e4f3a-2b1c-4d0e-8f9a-8b7c6d5e4f3a',
    /** Failed, retrying (failed_reason shipping_line_unreachable while still pending). */
    retrying: '5e4f3a2b-1c0d-4e9f-9a8b-7c6d5e4f3a2b',
  },
  emailSubmissions: {
    /** A PNG, a JPEG and a PDF. */
    withImages: '2a3b4c5d-6e7f-4081-92a3-b4c5d6e7f809',
    /** Only PDFs: no rotate buttons. */
    pdfOnly: '1f2e3d4c-5b6a-4798-8776-655443322110',
    /** One document whose attachment never arrived (no file): rotate and download answer 422. */
    missingFile: '3c4d5e6f-7081-4293-a4b5-c6d7e8f90a1b',
  },
  documents: {
    png: 'doc-0001-png-b1c2d3e4',
    jpeg: 'doc-0002-jpeg-c2d3e4f5',
    pdf: 'doc-0003-pdf-d3e4f5a6',
    /** On missingFile: no file attached. */
    noFile: 'doc-0004-nofile-e4f5a6b7',
  },
  /** The second account (key `demo-b`): shipments of its own, which no `demo` key can see, and the other way round. */
  otherAccount: {
    /** Hapag-Lloyd, Ningbo → Tacoma, its two boxes on rail to Chicago. */
    railMove: {
      id: '133a8c3d-b496-45d9-a42b-f06cd316ba96',
      bl: 'HLCU300000002',
      container: 'HLXU0100090',
    },
    /** CMA CGM into Norfolk: both boxes on a customs hold. */
    onHold: { id: '6512ba16-18f9-41f5-9b44-e82005b3553f', bl: 'CMDU300000001' },
  },
  /** Container custom-field definitions the simulator offers. */
  customFieldSlugs: ['po_number', 'delivery_priority', 'trucker'],
  /**
   * API keys the simulator accepts. The first four are one account (`demo`) with different entitlements
   * (`noWebhooks`: without the webhook "data-out" entitlement); `otherAccount` is a second account with its own
   * shipments, webhooks and notifications.
   */
  apiKeys: {
    full: 'demo',
    readonly: 'demo-readonly',
    noRouting: 'demo-no-routing',
    noWebhooks: 'demo-no-webhooks',
    otherAccount: 'demo-b',
  },
} as const;
