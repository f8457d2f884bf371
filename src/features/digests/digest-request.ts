/**
 * `/shipwatch digest <HH:MM [weekdays] | off | now>` as a use case (README "Daily digests"). Setting and stopping the
 * channel's digest are writes of Shipwatch's own state, through the one write flow (policy, ledger, audit line in
 * the channel); the time is read in the zone of the person who sets it (the People port: `users.info` tz in Slack)
 * and the confirmation says it. `now` composes the digest from stored snapshots (no Terminal49 request) and posts it
 * in the channel, even when there is nothing to flag.
 */
import {
  renderDigestOffLine,
  renderDigestSetLine,
  renderNoDigestNotice,
} from '../../cards/digest/digest-notices.js';
import { renderNotice } from '../../cards/notice.js';
import { renderWatchNeedsStoreNotice } from '../../cards/watch/watch-notices.js';
import { parseDigestText } from '../../domain/digest/index.js';
import { commandIntentKey } from '../commands/command-intent-key.js';
import { type CommandAnswer, type CommandRequest, DONE, tell } from '../commands/command-request.js';
import type { FeatureContext } from '../context.js';
import type { People } from '../policy/index.js';
import { zoneWithin } from '../policy/zone-within.js';
import type { RunWrite } from '../writes/write-runner.js';
import {
  channelDigest,
  composeChannelDigest,
  setChannelDigest,
  turnOffChannelDigest,
} from './channel-digest.js';

/** What the digest changes, in a refusal's words. */
export const DIGEST_WHAT = "this channel's daily digest";

const NO_CHANNEL = 'A digest belongs to a channel. Use this in the channel that should get it.';

export interface DigestPorts {
  runWrite: RunWrite;
  /** Who the person is: their time zone. */
  people: People;
}

export async function answerDigestRequest(
  ctx: FeatureContext,
  ports: DigestPorts,
  request: CommandRequest & { text: string },
): Promise<CommandAnswer> {
  if (!ctx.watching) return tell(renderWatchNeedsStoreNotice());
  const parsed = parseDigestText(request.text);
  if ('problem' in parsed) return { kind: 'usage', problem: parsed.problem };
  const { userId, teamId, channelId } = request;
  if (!channelId) return tell(renderNotice(':information_source:', NO_CHANNEL));
  const where = { teamId: teamId ?? '', channelId };
  if (parsed.kind === 'now') return { kind: 'post', message: await composeChannelDigest(ctx, where) };
  const write = {
    action: 'shipwatch_digest',
    target: channelId,
    what: DIGEST_WHAT,
    actor: { userId, teamId },
    channelId,
  };
  if (parsed.kind === 'off') {
    if ((await channelDigest(ctx, where)) === null) return tell(renderNoDigestNotice());
    await ports.runWrite({
      ...write,
      key: commandIntentKey(request, 'digest', [channelId, 'off']),
      write: () => turnOffChannelDigest(ctx, where, userId),
      auditLine: (before) =>
        before === null ? renderNoDigestNotice() : renderDigestOffLine({ userId, setting: before }),
      describeFailure: () => 'The digest was not changed. Try again in a moment.',
    });
    return DONE;
  }
  const { hour, minute, workingDaysOnly } = parsed;
  // Without the person's zone in time, the time is read as UTC (and the confirmation says so).
  const zone = await zoneWithin(ports.people, request);
  await ports.runWrite({
    ...write,
    key: commandIntentKey(request, 'digest', [channelId, `${hour}:${minute}:${workingDaysOnly}`]),
    write: () =>
      setChannelDigest(ctx, where, { hour, minute, timeZone: zone ?? 'UTC', workingDaysOnly }, userId),
    auditLine: ({ setting, nextAt }) =>
      renderDigestSetLine({
        userId,
        setting,
        nextAt,
        nowMs: ctx.clock.now().getTime(),
        zoneGuessed: zone === null,
      }),
    describeFailure: () => 'The digest was not set. Try again in a moment.',
  });
  return DONE;
}
