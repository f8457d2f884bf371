/**
 * What connecting a key came to, in words for the admin who did it: a refusal is shown next to the key field (nothing
 * saved). The key itself never appears.
 */

/** What connecting a key came to (features/connect/connect-account.ts's outcome, as the card reads it). */
export type ConnectOutcome =
  | {
      kind: 'connected';
      replaced: boolean;
      sharedWith: number;
      webhook: { kind: 'registered' | 'not_entitled' | 'failed' };
    }
  | { kind: 'invalid' | 'rejected' | 'busy' | 'unreachable' };

/** A refusal to show next to the key field; null when the key was connected. */
export function connectRefusal(outcome: ConnectOutcome): string | null {
  switch (outcome.kind) {
    case 'connected':
      return null;
    case 'invalid':
      return 'That does not look like a Terminal49 API key. Paste the key itself, without spaces.';
    case 'rejected':
      return 'Terminal49 refused this key. Check it in Terminal49 (Developers → API keys) and paste it again. Nothing was saved.';
    case 'busy':
      return 'Terminal49 asked to slow down. Try again in a minute. Nothing was saved.';
    case 'unreachable':
      return 'Terminal49 could not be reached to check the key. Try again in a minute. Nothing was saved.';
  }
}
