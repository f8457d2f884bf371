import { describe, expect, it } from 'vitest';
import { renderConnectModal } from '../../../../src/cards/connect/connect-modal.js';
import { renderHomeView } from '../../../../src/cards/home/home-view.js';
import { ACTION, VIEW } from '../../../../src/cards/ids.js';
import {
  renderCustomFieldModal,
  renderEmailSubmissionCard,
  renderLoadingModal,
  renderNotFoundCard,
  renderShipmentCard,
  renderTrackEditModal,
  renderTrackingRequestCard,
} from '../../../../src/cards/index.js';
import { renderWorkspaceSettingsModal } from '../../../../src/cards/settings/workspace-settings-card.js';
import { renderFoundList } from '../../../../src/cards/tracking/found-in-message.js';
import { renderTrackCarrierModal } from '../../../../src/cards/tracking/track-carrier-modal.js';
import { renderChooseCarrierNote } from '../../../../src/cards/tracking/track-notices.js';
import { renderWatchSettingsModal } from '../../../../src/cards/watch/settings-modal.js';
import { renderTrackingStoppedNotice } from '../../../../src/cards/watch/watch-notices.js';
import { renderWatchingList } from '../../../../src/cards/watch/watching-list.js';
import { REGISTERED_ACTION_IDS } from '../../../../src/slack/actions/index.js';
import { REGISTERED_VIEW_IDS } from '../../../../src/slack/views/index.js';
import { DEFAULT_CHANNEL_SETTINGS, ETA_THRESHOLD_CHOICES } from '../../../../src/watch/index.js';
import {
  makeContainer,
  makeDetail,
  makeDocument,
  makeEmailSubmission,
  makeTrackingRequest,
  makeTrackingRequestDetail,
  manyContainers,
  NOW,
} from '../../../fixtures/cards/factories.js';

/** Every action_id anywhere in a rendered surface. */
function actionIds(surface: unknown): string[] {
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'action_id' && typeof value === 'string') found.push(value);
        else visit(value);
      }
    }
  };
  visit(surface);
  return found;
}

describe('registered interaction ids', () => {
  it('has a listener for every action id in ids.ts', () => {
    expect([...REGISTERED_ACTION_IDS].sort()).toEqual(expect.arrayContaining(Object.values(ACTION).sort()));
  });

  it('has a submission listener for every modal that can be submitted, and none for others', () => {
    const submittable = modals()
      .filter((view) => view.submit !== undefined)
      .map((view) => view.callback_id);
    expect(submittable.length).toBeGreaterThan(1);
    expect([...REGISTERED_VIEW_IDS].sort()).toEqual([...new Set(submittable)].sort());
    expect(REGISTERED_VIEW_IDS).not.toContain(VIEW.loading);
  });

  it('has a listener for every action id the cards and modals actually render', () => {
    const png = makeDocument({ id: 'doc-png', fileName: 'scan.png', fileContentType: 'image/png' });
    const surfaces = [
      renderShipmentCard(makeDetail({ containers: manyContainers(40) }), { now: NOW }),
      renderTrackingRequestCard(makeTrackingRequestDetail(makeTrackingRequest({ shipmentId: 's-1' })), {
        now: NOW,
      }),
      renderEmailSubmissionCard(makeEmailSubmission([png]), { now: NOW }),
      renderNotFoundCard({ kind: 'not_found', query: 'TCLU1234567', looksLike: 'container' }, { now: NOW }),
      renderNotFoundCard({ kind: 'not_found', query: 'MSKU1234565', looksLike: 'container' }, { now: NOW }),
      renderChooseCarrierNote({ number: 'TCLU1234565', value: '{}' }),
      renderFoundList(
        [
          { number: 'MAEU1', kind: 'bill_of_lading_or_booking', found: 'shipment', detail: makeDetail() },
          { number: 'TGHU5550007', kind: 'container', found: 'nothing' },
        ],
        { now: NOW },
      ),
      renderTrackingStoppedNotice({
        shipmentId: 's-1',
        shipmentNumber: 'MEDUVN123456',
        stoppedAt: '2024-06-20T00:00:00Z',
        reason: 'past_arrival_window',
      }),
      renderHomeView({
        model: {
          channels: 1,
          shipments: 41,
          terminals: ['Maher', 'APM'],
          customers: ['Acme', 'Borealis'],
          mine: 1,
          state: {
            pages: { attention: 1, arriving: 0, watched: 0 },
            terminal: null,
            customer: null,
            mine: false,
          },
          lists: [
            {
              name: 'attention',
              total: 41,
              page: 1,
              pageCount: 3,
              rows: [
                {
                  list: 'attention',
                  container: 'TCLU1234568',
                  shipmentNumber: 'BL1',
                  channelId: 'C1',
                  cardTs: '1.2',
                  tier: 'lfd_today',
                  status: 'LFD today',
                  lfd: '2026-11-26',
                  eta: null,
                  terminal: 'Maher',
                  customer: 'Acme',
                  owner: 'U0ALICE',
                },
              ],
            },
          ],
        },
        service: {
          connection: { kind: 'not_connected' },
          webhook: false,
          watch: null,
          editors: [],
        },
        welcome: true,
        layout: 'data_table',
        permalinkBase: null,
      }),
      renderWatchingList(
        {
          watched: 1,
          paused: 0,
          needAttention: 0,
          shown: [{ shipmentNumber: 'BL1', detail: null, paused: null }],
        },
        NOW.getTime(),
        'C1',
      ),
      ...modals(),
    ];
    const rendered = new Set(surfaces.flatMap(actionIds));
    // Inputs inside modals are read on submission; only dispatching elements need a listener.
    const needingListeners = [...rendered].filter(
      (id) => !id.endsWith('_input') || id === 'custom_field_slug_input',
    );
    expect(needingListeners.length).toBeGreaterThan(5);
    for (const id of needingListeners) expect(REGISTERED_ACTION_IDS).toContain(id);
  });

  it('routes each action id to exactly one listener', () => {
    expect(new Set(REGISTERED_ACTION_IDS).size).toBe(REGISTERED_ACTION_IDS.length);
  });
});

/** Every modal the app renders with a submit button, plus the loading view (which has none). */
function modals() {
  return [
    renderLoadingModal('Loading'),
    renderTrackCarrierModal({
      number: 'TCLU1234565',
      requestType: 'container',
      channelId: 'C1',
      private: false,
      candidates: [{ scac: 'MAEU', name: 'Maersk', confidence: 0.52 }],
    }),
    renderConnectModal({ connected: true, webhook: false, sharedWith: 0 }),
    renderWorkspaceSettingsModal({ editors: [], channels: [], customFieldSlugs: [], ownerField: null }),
    renderWatchSettingsModal(DEFAULT_CHANNEL_SETTINGS, {
      channelId: 'C1',
      thresholds: ETA_THRESHOLD_CHOICES,
    }),
    renderTrackEditModal(makeTrackingRequestDetail(makeTrackingRequest()), { now: NOW, channelId: 'C1' }),
    renderCustomFieldModal(
      {
        target: {
          containerId: makeContainer().id,
          containerNumber: 'TCLU1234568',
          shipmentId: null,
          channelId: null,
          messageTs: null,
          threadTs: null,
        },
        definitions: [
          {
            id: 'd',
            apiSlug: 'po_number',
            displayName: null,
            description: null,
            entityType: 'Container',
            dataType: 'short_text',
            options: [],
          },
        ],
        current: [],
      },
      { now: NOW },
    ),
  ];
}
