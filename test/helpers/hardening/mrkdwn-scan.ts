/**
 * Finds live Slack control sequences in what the bot sends. Slack parses `<…>` in mrkdwn text objects and in a
 * message's top-level `text` (the notification fallback): `<!channel>` pages everyone, `<@U…>` pings a person,
 * `<https://x|label>` is a link whose target is hidden. The bot's own templates legitimately use `<!date^…>`, a
 * mention of the acting user in audit lines, and links to known hosts; anything else in `<…>` came from data.
 */

export interface ControlSequence {
  /** Where in the surface, e.g. `blocks[2].text.text`. */
  path: string;
  sequence: string;
}

export interface InertnessRules {
  /** User ids the bot may mention (the person acting, in audit lines). */
  allowedUsers?: readonly string[];
  /** Hosts the bot's own links may point at. */
  allowedLinkHosts?: readonly string[];
}

export const DEFAULT_LINK_HOSTS = ['app.terminal49.com', 'www.openstreetmap.org', '127.0.0.1'];

/** Bidirectional overrides, embeddings and isolates: they can visually reorder a line. */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** Every mrkdwn string of a message or view, with its path: top-level `text` and every `{type:'mrkdwn', text}`. */
export function mrkdwnStrings(surface: unknown): Array<{ path: string; text: string }> {
  const found: Array<{ path: string; text: string }> = [];
  if (isRecord(surface) && typeof surface.text === 'string' && surface.type !== 'modal') {
    found.push({ path: 'text', text: surface.text });
  }
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(item, `${path}[${index}]`);
      return;
    }
    if (!isRecord(node)) return;
    if (node.type === 'mrkdwn' && typeof node.text === 'string')
      found.push({ path: `${path}.text`, text: node.text });
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'object' && value !== null) walk(value, path ? `${path}.${key}` : key);
    }
  };
  if (isRecord(surface)) {
    walk(surface.blocks, 'blocks');
    walk(surface.attachments, 'attachments');
  }
  return found;
}

/** Every string anywhere in the surface (plain_text included), with its path. */
export function allStrings(surface: unknown): Array<{ path: string; text: string }> {
  const found: Array<{ path: string; text: string }> = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') {
      found.push({ path, text: node });
    } else if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(item, `${path}[${index}]`);
    } else if (isRecord(node)) {
      for (const [key, value] of Object.entries(node)) walk(value, path ? `${path}.${key}` : key);
    }
  };
  walk(surface, '');
  return found;
}

/** The `<…>` sequences in the surface's mrkdwn that the bot's own templates would not produce. */
export function liveControlSequences(surface: unknown, rules: InertnessRules = {}): ControlSequence[] {
  const users = new Set(rules.allowedUsers ?? []);
  const hosts = new Set(rules.allowedLinkHosts ?? DEFAULT_LINK_HOSTS);
  const out: ControlSequence[] = [];
  for (const { path, text } of mrkdwnStrings(surface)) {
    for (const match of text.matchAll(/<([^<>]*)>/g)) {
      const inner = match[1] ?? '';
      if (isAllowed(inner, users, hosts)) continue;
      out.push({ path, sequence: match[0] });
    }
  }
  return out;
}

function isAllowed(inner: string, users: ReadonlySet<string>, hosts: ReadonlySet<string>): boolean {
  if (/^!date\^\d+\^[^|]*\|[^|]*$/.test(inner)) return true;
  const mention = /^@([A-Z0-9]+)$/.exec(inner);
  if (mention) return users.has(mention[1] ?? '');
  if (/^https?:\/\//i.test(inner)) {
    const [target = ''] = inner.split('|');
    try {
      return hosts.has(new URL(target).hostname);
    } catch {
      return false;
    }
  }
  return false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
