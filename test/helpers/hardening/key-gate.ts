/**
 * The simulator accepts only its demo keys, but the bot harness runs the bot with a key of its own (a recognisable
 * fake one for the secret-hygiene suites) end to end. The gate is a tracking transport in front of the real one: it
 * checks that every request carries exactly `Token <bot's key>`, records what it saw, and swaps in a demo key on the
 * wire. The bot's config, client, retries and error paths all hold its own key; only the simulator sees the demo one.
 */
import type { HttpTransport } from '../../../src/tracking/index.js';

export interface KeyGate {
  transport: HttpTransport;
  /** The Authorization header of every request the client sent, in order. */
  readonly authorizations: ReadonlyArray<string>;
  /** Requests that did not carry `Token <expected key>`; answered 401 like the real API. */
  readonly refused: number;
  /** While true, the fake key is forwarded unchanged, so the simulator rejects it (a revoked key). */
  forwardUnchanged: boolean;
}

const UNAUTHORIZED_BODY = JSON.stringify({
  errors: [{ status: '401', title: 'Unauthorized', detail: 'Invalid or missing API token.' }],
});

export function createKeyGate(expectedKey: string, wireKey: string, inner: HttpTransport): KeyGate {
  const authorizations: string[] = [];
  let refused = 0;
  const gate: KeyGate = {
    transport: async (request) => {
      const authorization = request.headers.authorization ?? '';
      authorizations.push(authorization);
      if (authorization !== `Token ${expectedKey}`) {
        refused += 1;
        return { status: 401, headers: { 'content-type': 'application/json' }, text: UNAUTHORIZED_BODY };
      }
      const key = gate.forwardUnchanged ? expectedKey : wireKey;
      return inner({ ...request, headers: { ...request.headers, authorization: `Token ${key}` } });
    },
    authorizations,
    get refused() {
      return refused;
    },
    forwardUnchanged: false,
  };
  return gate;
}
