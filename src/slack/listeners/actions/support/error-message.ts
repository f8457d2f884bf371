/** The private error card shown when a button's read fails (the card itself is left as it was). */

import { renderErrorCard } from '../../../../cards/index.js';
import type { SlackMessage } from '../../../../cards/types.js';
import type { InteractionRuntime } from './runtime.js';

export function errorMessage(runtime: InteractionRuntime, error: unknown, subject?: string): SlackMessage {
  return renderErrorCard(error, { now: runtime.deps.clock.now(), ...(subject ? { subject } : {}) });
}
