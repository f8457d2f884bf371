/**
 * The composer: text starting with one of the slash commands the app's manifest declares goes to the bot as Slack sends it (signed form
 * post with a fresh trigger_id and response_url); other text is posted as the person's own message.
 */
import { randomUUID } from 'node:crypto';
import { slashCommandFields } from '../bot-link/payloads.js';
import type { CommandRequest, UiResult } from '../protocol.js';
import type { ResponseContext } from '../state/response-urls.js';
import { applyResponse, asMessageBody } from './apply-response.js';
import { echoCommandOnce, findUser, responseUrl, type WorkspaceCore } from './core.js';
import { acceptedBody, parseJsonBody } from './report-reply.js';

export async function runCommand(core: WorkspaceCore, request: CommandRequest): Promise<UiResult> {
  const user = findUser(core, request.userId);
  if (!user) return { ok: false, error: 'user_not_found' };
  const line = request.text.trim();
  if (line === '') return { ok: false, error: 'no_text' };
  if (!line.startsWith('/')) {
    core.channel.post({ userId: user.id, isBot: false, text: escapeForMrkdwn(line), blocks: [] });
    return { ok: true };
  }
  const [command = ''] = line.split(/\s+/);
  const text = line.slice(command.length).trim();
  const known = core.manifest.commands.map((declared) => declared.command);
  if (!known.includes(command.toLowerCase())) {
    core.channel.notice({
      level: 'warn',
      text: `${command} is not a valid command. This workspace knows ${known.join(', ')}.`,
      userId: user.id,
    });
    return { ok: false, error: 'unknown_command' };
  }
  const context: ResponseContext = {
    kind: 'command',
    userId: user.id,
    command: command.toLowerCase(),
    text,
    invocationId: randomUUID(),
  };
  const fields = slashCommandFields(core.identity, {
    user,
    command: context.command,
    text,
    responseUrl: responseUrl(core, core.responseUrls.issue(context)),
    triggerId: core.triggers.issue(user.id),
  });
  const reply = await core.sender.send(fields);
  const body = acceptedBody(core, reply, command, user.id);
  if (body === null) return { ok: false, error: 'bot_failed' };
  const message = asMessageBody(parseJsonBody(body));
  if (message) {
    const outcome = applyResponse(core, context, message, () => echoCommandOnce(core, context));
    if (!outcome.ok) {
      core.channel.notice({
        level: 'error',
        text: `The bot answered ${command} with a message Slack would refuse ("${outcome.error}").`,
        detail: outcome.errors?.join('\n') ?? null,
        userId: user.id,
      });
    }
  }
  return { ok: true };
}

/** What Slack does to typed text before it becomes mrkdwn: the three control characters become entities. */
function escapeForMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
