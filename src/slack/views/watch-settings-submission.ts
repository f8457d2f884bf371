/**
 * Saving `/shipwatch settings`. A write of Shipwatch's own state, through the one write flow like every other write:
 * the ledger (a re-submitted form saves once), the write policy (a refusal shows in the form), then the channel's
 * settings are stored and the change is attributed with a line in the channel, so everyone sees who changed what the
 * channel is told.
 */
import { z } from 'zod';
import { INPUT, VIEW } from '../../cards/index.js';
import { parsePrivateMetadata } from '../../cards/modals/private-metadata.js';
import { CATEGORY_LABELS } from '../../cards/watch/settings-modal.js';
import { renderSettingsChangedLine } from '../../cards/watch/watch-notices.js';
import { CHANGE_CATEGORIES, type ChangeCategory } from '../../domain/changes/index.js';
import { viewSubmissionKey } from '../../features/idempotency/index.js';
import { SETTINGS_WHAT, saveChannelSettings } from '../../features/watching/channel-settings.js';
import { type ChannelSettings, ETA_THRESHOLD_CHOICES, readChannelSettings } from '../../watch/index.js';
import { featuresOf } from '../context/feature-context.js';
import { withChatApi } from '../delivery/chat-api.js';
import { createReplier } from '../delivery/replier.js';
import { chatOf, type SlackRuntime } from '../runtime.js';
import { runWrite } from '../write/run-write.js';
import { submittedValues } from './state.js';
import { guardSubmission, NO_SUBMITTER, submittedState, submitter } from './view-args.js';

const METADATA = z.object({ channelId: z.string().min(1).max(40) });

export function createWatchSettingsSubmissionListener(runtime: SlackRuntime) {
  const { logger } = runtime;
  return guardSubmission(
    logger,
    INPUT.watchCategories.block,
    async ({ ack, body, view, client, context }) => {
      const startedAt = performance.now();
      const features = featuresOf(runtime, context);
      const meta = parsePrivateMetadata(METADATA, view.private_metadata);
      const { userId, teamId } = submitter(body);
      const block = INPUT.watchCategories.block;
      if (!meta || !runtime.watching) {
        await ack({
          response_action: 'errors',
          errors: { [block]: 'This form is out of date. Close it and open it again.' },
        });
        return;
      }
      if (!userId) {
        await ack({ response_action: 'errors', errors: { [block]: NO_SUBMITTER } });
        return;
      }
      const settings = readSubmitted(submittedState(view));
      // The line saying who changed what goes in the channel itself: settings belong to no card.
      const replier = createReplier(
        { client: withChatApi(client, chatOf(runtime, context)), respond: null, logger },
        { teamId, channelId: meta.channelId, userId, card: null },
      );
      await runWrite(
        { runtime, replier, directoryClient: client, tenant: features.tenant },
        {
          action: VIEW.watchSettings,
          // A view is submitted once: the same submission again is a replay, refused while it could be one.
          repeatWindowMs: runtime.timing.redeliveryWindowMs,
          key: viewSubmissionKey(view.id, settings),
          target: meta.channelId,
          what: SETTINGS_WHAT,
          actor: { userId, teamId },
          channelId: meta.channelId,
          write: () =>
            saveChannelSettings(
              features,
              { teamId: teamId ?? '', channelId: meta.channelId },
              settings,
              userId,
            ),
          auditLine: (saved) => renderSettingsChangedLine({ userId, summary: summary(saved) }),
          describeFailure: () => 'The settings were not saved. Try again in a moment.',
        },
        {
          kind: 'modal',
          ack,
          startedAt,
          refusalBlockId: block,
          errorsFor: () => ({ [block]: 'The settings were not saved. Try again in a moment.' }),
        },
      );
    },
  );
}

function readSubmitted(values: ReturnType<typeof submittedState>): ChannelSettings {
  const categories = (
    submittedValues(values, INPUT.watchCategories.block, INPUT.watchCategories.action) ?? []
  ).filter((value): value is ChangeCategory => (CHANGE_CATEGORIES as readonly string[]).includes(value));
  const threshold = Number(
    submittedValues(values, INPUT.watchEtaThreshold.block, INPUT.watchEtaThreshold.action)?.[0] ?? 6,
  );
  const format = submittedValues(values, INPUT.watchFormat.block, INPUT.watchFormat.action)?.[0];
  const broadcast = submittedValues(values, INPUT.watchBroadcast.block, INPUT.watchBroadcast.action) ?? [];
  const daysOff = submittedValues(values, INPUT.watchDaysOff.block, INPUT.watchDaysOff.action);
  return {
    categories,
    etaThresholdHours: (ETA_THRESHOLD_CHOICES as readonly number[]).includes(threshold) ? threshold : 6,
    broadcastImportant: broadcast.includes('broadcast'),
    format: format === 'detailed' ? 'detailed' : 'condensed',
    // A form from before the field (or a client that sends nothing for it) keeps what is stored.
    ...(daysOff === undefined || daysOff === null
      ? {}
      : { daysOff: readChannelSettings({ daysOff: daysOff.map(Number) }).daysOff ?? [] }),
  };
}

function summary(settings: ChannelSettings): string {
  const kinds =
    settings.categories.length === CHANGE_CATEGORIES.length
      ? 'every kind of update'
      : settings.categories.length === 0
        ? 'no updates (the cards still stay up to date)'
        : settings.categories.map((category) => CATEGORY_LABELS[category].toLowerCase()).join('; ');
  return `${kinds}; ETA changes from ${settings.etaThresholdHours} h; ${settings.format} lines; important updates ${
    settings.broadcastImportant ? 'also sent to the channel' : 'in the threads only'
  }.`;
}
