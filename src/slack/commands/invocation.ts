/** A slash command's Bolt arguments as a `CommandInvocation`: the payload, the client, and its Replier. */
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { featuresOf } from '../context/feature-context.js';
import { withChatApi } from '../delivery/chat-api.js';
import { createReplier } from '../delivery/replier.js';
import { registry, respondsTo } from '../delivery/reply-io.js';
import { chatOf, type SlackRuntime } from '../runtime.js';
import type { CommandInvocation } from './command.js';

export function createCommandInvocation(
  runtime: SlackRuntime,
  args: SlackCommandMiddlewareArgs & AllMiddlewareArgs,
): CommandInvocation {
  const { command, respond } = args;
  const client = withChatApi(args.client, chatOf(runtime, args.context));
  return {
    text: command.text ?? '',
    payload: command,
    features: featuresOf(runtime, args.context),
    client,
    replier: createReplier(
      {
        client,
        respond: respondsTo(command.response_url, runtime) ? respond : null,
        logger: runtime.logger,
        ...registry(runtime),
      },
      { teamId: command.team_id ?? null, channelId: command.channel_id, userId: command.user_id, card: null },
    ),
  };
}
