import { IntegrationProviderError } from './hris-provider.js';

export type FetchLike = typeof fetch;

/**
 * One JSON call to a provider's documented HTTP API: a refused or failed call becomes an
 * IntegrationProviderError carrying the provider's status and its message when it gave one.
 */
export async function callJson<T>(
  doFetch: FetchLike,
  provider: string,
  url: string,
  init: { method?: string; headers: Record<string, string>; body?: string | URLSearchParams; timeoutMs?: number },
): Promise<T> {
  let res: Response;
  try {
    res = await doFetch(url, {
      method: init.method ?? 'GET',
      headers: { accept: 'application/json', ...init.headers },
      body: init.body,
      signal: AbortSignal.timeout(init.timeoutMs ?? 20_000),
    });
  } catch (err) {
    throw new IntegrationProviderError(`${provider} could not be reached: ${(err as Error).message}`);
  }
  const text = await res.text();
  let answer: unknown = undefined;
  try {
    answer = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: judged by the status below.
  }
  if (!res.ok) throw new IntegrationProviderError(`${provider} refused the request (HTTP ${res.status})${messageOf(answer)}`, res.status);
  return answer as T;
}

function messageOf(answer: unknown): string {
  if (!answer || typeof answer !== 'object') return '';
  const a = answer as { message?: unknown; detail?: unknown; error_description?: unknown; errors?: unknown };
  const text = [a.message, a.detail, a.error_description].find((v) => typeof v === 'string');
  return typeof text === 'string' ? `: ${text}` : '';
}
