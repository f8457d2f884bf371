/**
 * Calls a fake Web API (the local workspace's or the tests' loopback fake) as the bot would: a JSON body with a
 * bearer token, or form-encoded with nested fields JSON-encoded, exactly as @slack/web-api sends them.
 */

/** `apiUrl` is the Web API base with a trailing slash, e.g. `http://127.0.0.1:PORT/api/`. */
export async function callWebApi(
  apiUrl: string,
  token: string,
  method: string,
  args: Record<string, unknown>,
  encoding: 'json' | 'form' = 'json',
): Promise<Record<string, unknown>> {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) {
    form.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const response = await fetch(`${apiUrl}${method}`, {
    method: 'POST',
    headers: {
      'content-type':
        encoding === 'json' ? 'application/json; charset=utf-8' : 'application/x-www-form-urlencoded',
      authorization: `Bearer ${token}`,
    },
    body: encoding === 'json' ? JSON.stringify(args) : form.toString(),
  });
  // SAFETY: both fake Web APIs always answer a JSON object.
  return (await response.json()) as Record<string, unknown>;
}
