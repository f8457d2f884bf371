/** What every renderer returns: Block Kit blocks plus the fallback `text` Slack uses for notifications. */
import type { KnownBlock, View } from '@slack/types';

export interface SlackMessage {
  text: string;
  blocks: KnownBlock[];
}

export type ModalView = View & { type: 'modal' };

/** Everything time-dependent a renderer needs, injected so renderers stay pure. */
export interface RenderContext {
  now: Date;
}
