/**
 * Whether Terminal49 accepts an API key, before Shipwatch stores it (docs/oauth.md, "Connecting a key"): one cheap
 * authenticated read, `GET /shipments?page[size]=1`. 401 means the key is not valid; any other answer from the API
 * (a page, or a 403 for a feature the account lacks) means it authenticated; 429 asks to try again later; no answer
 * means it could not be checked. Nothing of the key reaches the result: a failure names only what happened.
 */
import { request } from 'undici';

export type KeyCheck =
  | { kind: 'valid' }
  | { kind: 'rejected' }
  | { kind: 'busy' }
  | { kind: 'unreachable'; detail: string };

export async function checkApiKey(options: {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
}): Promise<KeyCheck> {
  const timeout = options.timeoutMs ?? 10_000;
  try {
    const response = await request(`${options.baseUrl.replace(/\/+$/, '')}/shipments?page%5Bsize%5D=1`, {
      method: 'GET',
      headers: { authorization: `Token ${options.apiKey}`, accept: 'application/vnd.api+json' },
      headersTimeout: timeout,
      bodyTimeout: timeout,
    });
    await response.body.dump();
    if (response.statusCode === 401) return { kind: 'rejected' };
    if (response.statusCode === 429) return { kind: 'busy' };
    if (response.statusCode >= 500)
      return { kind: 'unreachable', detail: `the API answered ${response.statusCode}` };
    return { kind: 'valid' };
  } catch (error) {
    // SAFETY: undici's errors carry a string `code` (UND_ERR_…, ECONNREFUSED); anything else reads as undefined.
    const code = (error as { code?: unknown }).code;
    return { kind: 'unreachable', detail: typeof code === 'string' ? code : 'no answer' };
  }
}
