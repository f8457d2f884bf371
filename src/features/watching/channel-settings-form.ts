/**
 * Saving `/shipwatch settings`. A write of Shipwatch's own state, through the one write flow like every other write:
 * the ledger (a re-submitted form saves once), the write policy (a refusal shows in the form), then the channel's
 * settings are stored and the change is attributed with a line in the channel, so everyone sees who changed what the
 * channel is told.
 */
import { z } from 'zod';
import { INPUT, VIEW } from '../../cards/ids.js';
import { parsePrivateMetadata } from '../../cards/modals/private-metadata.js';
import { summarizeChannelSettings } from '../../cards/watch/settings-summary.js';
import { renderSettingsChangedLine } from '../../cards/watch/watch-notices.js';
import { CHANGE_CATEGORIES, type ChangeCategory } from '../../domain/changes/index.js';
import { type ChannelSettings, ETA_THRESHOLD_CHOICES, readChannelSettings } from '../../watch/index.js';
import type { FeatureContext } from '../context.js';
import type { FormPort, FormSubmission } from '../forms/form-port.js';
import { hasSubmitter } from '../forms/form-submitter.js';
import { type FormValues, submittedValues } from '../forms/form-values.js';
import { viewSubmissionKey } from '../idempotency/index.js';
import { saveChannelSettings } from './channel-settings.js';

/** What the settings change, in a refusal's words. */
export const SETTINGS_WHAT = 'what this channel is told about watched shipments';

const METADATA = z.object({ channelId: z.string().min(1).max(40) });

const NOT_SAVED = 'The settings were not saved. Try again in a moment.';

export async function submitChannelSettingsForm(
  ctx: FeatureContext,
  submission: FormSubmission,
  ports: { form: FormPort },
): Promise<void> {
  const { form } = ports;
  const { actor } = submission;
  const meta = parsePrivateMetadata(METADATA, submission.metadata);
  const block = INPUT.watchCategories.block;
  if (!meta || !ctx.watching) {
    await form.refuse({ [block]: 'This form is out of date. Close it and open it again.' });
    return;
  }
  if (!(await hasSubmitter(form, submission, block))) return;
  const settings = readSubmitted(submission.values);
  // The line saying who changed what goes in the channel itself: settings belong to no card.
  const { run } = form.open(
    { channelId: meta.channelId, card: null },
    { refusalBlockId: block, errorsFor: () => ({ [block]: NOT_SAVED }) },
  );
  await run({
    action: VIEW.watchSettings,
    // A view is submitted once: the same submission again is a replay, refused while it could be one.
    repeatWindowMs: form.replayWindowMs,
    key: viewSubmissionKey(submission.viewId, settings),
    target: meta.channelId,
    what: SETTINGS_WHAT,
    actor,
    channelId: meta.channelId,
    write: () =>
      saveChannelSettings(
        ctx,
        { teamId: actor.teamId ?? '', channelId: meta.channelId },
        settings,
        actor.userId,
      ),
    auditLine: (saved) =>
      renderSettingsChangedLine({ userId: actor.userId, summary: summarizeChannelSettings(saved) }),
    describeFailure: () => NOT_SAVED,
  });
}

function readSubmitted(values: FormValues): ChannelSettings {
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
