/**
 * `/shipwatch digest <HH:MM [weekdays] | off | now>` (README "Daily digests"): a subcommand of /shipwatch only
 * (`slash: null`). Setting and stopping the channel's digest are writes of Shipwatch's own state, through the one
 * write flow (policy, ledger, audit line in the channel); the time is read in the zone of the person who sets it
 * (`users.info` tz, through the member directory) and the confirmation says it. `now` composes the digest from stored
 * snapshots (no Terminal49 request) and posts it in the channel, even when there is nothing to flag.
 */
import {
  renderDigestOffLine,
  renderDigestSetLine,
  renderNoDigestNotice,
} from '../../cards/digest/digest-notices.js';
import { renderNotice } from '../../cards/notice.js';
import { renderWatchNeedsStoreNotice } from '../../cards/watch/watch-notices.js';
import { parseDigestTime } from '../../domain/digest/index.js';
import {
  channelDigest,
  composeChannelDigest,
  setChannelDigest,
  turnOffChannelDigest,
} from '../../features/digests/channel-digest.js';
import { hashOf } from '../../features/idempotency/index.js';
import { settleWithin } from '../../features/writes/deadline.js';
import type { SlackRuntime } from '../runtime.js';
import { runWrite } from '../write/run-write.js';
import { guarded, tellUsage } from './answers.js';
import type { CommandInvocation, CommandSpec } from './command.js';

/** What the digest changes, in a refusal's words. */
export const DIGEST_WHAT = "this channel's daily digest";

/** How long the person's zone may take to come from Slack before the time is read as UTC. */
const ZONE_BUDGET_MS = 1_500;

const NO_CHANNEL = 'A digest belongs to a channel. Use this in the channel that should get it.';

type Parsed =
  | { kind: 'set'; hour: number; minute: number; workingDaysOnly: boolean }
  | { kind: 'off' }
  | { kind: 'now' };

export function parseDigestText(text: string): Parsed | { problem: string } {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const [first, second, ...rest] = words;
  if (first === undefined) return { problem: 'Say when: `/shipwatch digest 08:00`, or `off`, or `now`.' };
  if (words.length === 1 && first === 'off') return { kind: 'off' };
  if (words.length === 1 && first === 'now') return { kind: 'now' };
  const time = parseDigestTime(first);
  if (time === null)
    return { problem: `\`${first.slice(0, 20)}\` is not a time: write it as HH:MM, e.g. 08:00.` };
  if (rest.length > 0 || (second !== undefined && !['weekdays', 'workdays', 'working-days'].includes(second)))
    return { problem: 'After the time, only `weekdays` may follow.' };
  return { kind: 'set', ...time, workingDaysOnly: second !== undefined };
}

export const digestCommand: CommandSpec = {
  slash: null,
  words: ['digest'],
  usage: '/shipwatch digest <HH:MM [weekdays] | off | now>',
  description:
    'A daily digest in this channel at that time (in your time zone): last free days passed, today and next, pickups, holds, arrivals today and tomorrow, and what changed. `off` stops it; `now` posts it at once.',
  examples: () => ['/shipwatch digest 08:00 weekdays', '/shipwatch digest now', '/shipwatch digest off'],
  readsData: true,
  create: (runtime) =>
    guarded(runtime, '/shipwatch digest', async (invocation) => {
      if (!runtime.watching) return void (await invocation.replier.tell(renderWatchNeedsStoreNotice()));
      const parsed = parseDigestText(invocation.text);
      if ('problem' in parsed) return tellUsage(runtime, invocation, digestCommand, parsed.problem);
      const { payload } = invocation;
      const teamId = payload.team_id ?? '';
      const channelId = payload.channel_id ?? '';
      if (!channelId)
        return void (await invocation.replier.tell(renderNotice(':information_source:', NO_CHANNEL)));
      const where = { teamId, channelId };
      if (parsed.kind === 'now') {
        const message = await composeChannelDigest(invocation.features, where);
        await invocation.replier.card(message, 'channel');
        return;
      }
      if (parsed.kind === 'off') {
        if ((await channelDigest(invocation.features, where)) === null)
          return void (await invocation.replier.tell(renderNoDigestNotice()));
        await runWrite(
          writeContext(runtime, invocation),
          {
            action: 'shipwatch_digest',
            key: commandKey(invocation, 'off'),
            target: channelId,
            what: DIGEST_WHAT,
            actor: { userId: payload.user_id, teamId: payload.team_id ?? null },
            channelId,
            write: () => turnOffChannelDigest(invocation.features, where, payload.user_id),
            auditLine: (before) =>
              before === null
                ? renderNoDigestNotice()
                : renderDigestOffLine({ userId: payload.user_id, setting: before }),
            describeFailure: () => 'The digest was not changed. Try again in a moment.',
          },
          { kind: 'acked' },
        );
        return;
      }
      const zone = await zoneOf(runtime, invocation);
      await runWrite(
        writeContext(runtime, invocation),
        {
          action: 'shipwatch_digest',
          key: commandKey(invocation, `${parsed.hour}:${parsed.minute}:${parsed.workingDaysOnly}`),
          target: channelId,
          what: DIGEST_WHAT,
          actor: { userId: payload.user_id, teamId: payload.team_id ?? null },
          channelId,
          write: () =>
            setChannelDigest(
              invocation.features,
              where,
              {
                hour: parsed.hour,
                minute: parsed.minute,
                timeZone: zone ?? 'UTC',
                workingDaysOnly: parsed.workingDaysOnly,
              },
              payload.user_id,
            ),
          auditLine: ({ setting, nextAt }) =>
            renderDigestSetLine({
              userId: payload.user_id,
              setting,
              nextAt,
              nowMs: runtime.clock.now().getTime(),
              zoneGuessed: zone === null,
            }),
          describeFailure: () => 'The digest was not set. Try again in a moment.',
        },
        { kind: 'acked' },
      );
    }),
};

function writeContext(runtime: SlackRuntime, invocation: CommandInvocation) {
  return {
    runtime,
    replier: invocation.replier,
    directoryClient: invocation.client,
    tenant: invocation.features.tenant,
  };
}

function commandKey(invocation: CommandInvocation, what: string): string {
  const { payload } = invocation;
  // A Slack retry of the same command carries the same trigger_id; a person typing it again gets a new one.
  return `command:${payload.team_id ?? '-'}:${payload.user_id}:digest:${hashOf([payload.channel_id, what, payload.trigger_id])}`;
}

/** The person's own zone from `users.info`; null when Slack did not say in time. */
async function zoneOf(runtime: SlackRuntime, invocation: CommandInvocation): Promise<string | null> {
  const { payload } = invocation;
  const found = await settleWithin(
    runtime.directory.member(invocation.client, payload.team_id ?? null, payload.user_id),
    ZONE_BUDGET_MS,
  );
  return found.settled && found.outcome.ok ? found.outcome.value.timeZone : null;
}
