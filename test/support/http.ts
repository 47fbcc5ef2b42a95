/** What a signed-in member's requests carry (`signIn` in hearth.ts mints it). */
export interface SignedIn {
  cookie: string;
  csrf: string;
}

/**
 * One JSON call to a test app, as a signed-in member (cookie and CSRF token) or as nobody; a FormData body goes
 * as a form. Answers the status and the parsed body.
 */
export async function request<T = Record<string, unknown>>(app: { url: string }, who: SignedIn | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const form = body instanceof FormData;
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers: { ...(who ? { cookie: who.cookie, 'x-csrf-token': who.csrf } : {}), accept: 'application/json', ...(body === undefined || form ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: parseBody(text) as T };
}

/** The same, failing loudly unless the answer has the expected status; answers the parsed body. */
export async function call<T = Record<string, unknown>>(app: { url: string }, who: SignedIn | null, method: string, path: string, body?: unknown, expectStatus = 200): Promise<T> {
  const res = await request<T>(app, who, method, path, body);
  if (res.status !== expectStatus) throw new Error(`${method} ${path}: expected ${expectStatus}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** JSON when the answer is JSON; the text itself otherwise (an HTML error page says more in a failure). */
function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
