/**
 * What the person who typed a command or clicked a button got to see, wherever the bot put it: a POST to their
 * response_url, a message or ephemeral in their channel (or as a DM), a thread reply, or a modal. The suites assert
 * on the words ("not answering", "try again in 30 seconds") and on how long the answer took.
 */
import type { World } from './world.js';

export type AnswerRoute = 'response_url' | 'message' | 'ephemeral' | 'update' | 'modal';

export interface VisibleAnswer {
  via: AnswerRoute;
  /** Fallback text plus every text object in the blocks, joined by newlines. */
  text: string;
  surface: { text: string; blocks: unknown[] } | Record<string, unknown>;
  /** Milliseconds since the request was sent. */
  afterMs: number;
}

export interface AnswerTarget {
  responseUrl: string;
  /** The conversation the request came from; '' for modals. */
  channelId: string;
  userId: string;
  startedAt: number;
  /** How many Web API calls had been recorded when the request was sent; earlier ones are not answers to it. */
  callsBefore: number;
}

/** Every answer `target` has received so far, oldest first. */
export function answersTo(world: World, target: AnswerTarget): VisibleAnswer[] {
  const found: Array<VisibleAnswer & { at: number }> = [];
  // Wall-clock ms, comparable with the `at` of recorded posts and calls.
  const sentAt = performance.timeOrigin + target.startedAt;
  const since = (at: number) => Math.max(0, at - sentAt);
  for (const post of world.responseUrls.postsTo(target.responseUrl)) {
    found.push({ via: 'response_url', ...surfaceOf(post.body), afterMs: since(post.at), at: post.at });
  }
  // Earlier messages in the same channel (the card that was clicked) are not answers to this request.
  for (const call of world.slack.calls.slice(target.callsBefore)) {
    if (!call.ok) continue;
    const route = routeOf(call.method);
    if (route === null) continue;
    const channel = typeof call.args.channel === 'string' ? call.args.channel : '';
    const forTarget =
      route === 'modal' ||
      (target.channelId !== '' && channel === target.channelId) ||
      channel === target.userId;
    if (!forTarget) continue;
    const surface = route === 'modal' ? viewOf(call.args.view) : call.args;
    found.push({ via: route, ...surfaceOf(surface), afterMs: since(call.at), at: call.at });
  }
  return found.sort((a, b) => a.at - b.at).map(({ at: _at, ...answer }) => answer);
}

/**
 * The "Looking up …" line a slow lookup shows where its card will go, and the line it becomes when the answer went
 * privately: signs of progress, not answers.
 */
export function isPlaceholder(answer: VisibleAnswer): boolean {
  return /^:mag: Look(ing|ed) up /.test(answer.text);
}

/** Resolves with the first answer (never a placeholder) matching `match` (default: any), polling until `timeoutMs`. */
export async function waitForAnswer(
  world: World,
  target: AnswerTarget,
  match: (answer: VisibleAnswer) => boolean = () => true,
  timeoutMs = 12_000,
): Promise<VisibleAnswer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = answersTo(world, target).find(
      (candidate) => !isPlaceholder(candidate) && match(candidate),
    );
    if (answer) return answer;
    if (Date.now() > deadline) {
      const seen = answersTo(world, target).map((a) => `[${a.via}] ${a.text.slice(0, 200)}`);
      throw new Error(
        `no matching answer within ${timeoutMs} ms; answers so far:\n${seen.join('\n') || '(none)'}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

/** Resolves once `check()` is true (polling), or throws with `what` after `timeoutMs`. */
export async function eventually(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

/** Fallback text plus every string under a `text` key anywhere in the blocks (sections, fields, buttons, context). */
export function visibleText(surface: unknown): string {
  const parts: string[] = [];
  const walk = (node: unknown, key: string | null) => {
    if (typeof node === 'string') {
      if (key === 'text') parts.push(node);
      return;
    }
    if (Array.isArray(node)) {
      for (const item of node) walk(item, key === 'text' ? 'text' : null);
      return;
    }
    if (node !== null && typeof node === 'object') {
      for (const [name, value] of Object.entries(node)) walk(value, name);
    }
  };
  walk(surface, null);
  return parts.join('\n');
}

function surfaceOf(surface: Record<string, unknown>): Pick<VisibleAnswer, 'text' | 'surface'> {
  return { text: visibleText(surface), surface };
}

function routeOf(method: string): AnswerRoute | null {
  switch (method) {
    case 'chat.postMessage':
      return 'message';
    case 'chat.postEphemeral':
      return 'ephemeral';
    case 'chat.update':
      return 'update';
    case 'views.open':
    case 'views.update':
    case 'views.push':
      return 'modal';
    default:
      return null;
  }
}

function viewOf(view: unknown): Record<string, unknown> {
  if (view === null || typeof view !== 'object' || Array.isArray(view)) return {};
  return { ...view };
}
