/**
 * Recognisable fake secrets for the hardening suites. Each one is long and unlike anything else in the code base, so
 * finding it (or its distinctive tail, in case something truncates it) in any log line, Slack payload, response_url
 * body or error message is proof of a leak, never a coincidence.
 */

export interface FakeSecrets {
  botToken: string;
  signingSecret: string;
  apiKey: string;
}

export const FAKE_SECRETS: Readonly<FakeSecrets> = Object.freeze({
  botToken: 'xoxb-FAKE-SECRET-TOKEN-7Q4M2X9K1B6D',
  signingSecret: 'FAKE-SIGNING-SECRET-3H8N5R2T7W1Z',
  apiKey: 'FAKE-API-KEY-6J3P9V4C8L2G',
});

export interface SecretLeak {
  /** The secret's name (a key of the secrets searched for). */
  secret: string;
  /** Where it was found, e.g. `log line 12` or `chat.postMessage args`. */
  where: string;
  /** A little context around the match. */
  excerpt: string;
}

/** The full secret and its random tail: a log that prints only part of a token still leaks it. */
function needlesFor(secret: string): string[] {
  const tail = secret.slice(secret.lastIndexOf('-') + 1);
  return tail.length >= 8 ? [secret, tail] : [secret];
}

/** Every place in `haystacks` (label → text) where one of `secrets` (name → value) appears. */
export function findSecretLeaks(
  haystacks: Iterable<{ where: string; text: string }>,
  secrets: Readonly<Record<string, string>> = FAKE_SECRETS,
): SecretLeak[] {
  const leaks: SecretLeak[] = [];
  const entries = Object.entries(secrets);
  for (const { where, text } of haystacks) {
    for (const [name, value] of entries) {
      for (const needle of needlesFor(value)) {
        const at = text.indexOf(needle);
        if (at < 0) continue;
        leaks.push({
          secret: name,
          where,
          excerpt: text.slice(Math.max(0, at - 60), at + needle.length + 20),
        });
        break;
      }
    }
  }
  return leaks;
}
