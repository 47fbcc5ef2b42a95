/**
 * What a failed Slack call means for the outbox, from the error @slack/web-api threw. The line that matters:
 * did the request possibly reach Slack? A timeout, a dropped connection or a 5xx after sending is an unknown
 * outcome (the message may exist), never a plain retry.
 */
export type CallOutcome =
  | { kind: 'rate_limited'; retryAfterMs: number }
  | { kind: 'failed'; error: string }
  | { kind: 'retry'; error: string }
  | { kind: 'unknown'; error: string };

/** How long to back off after a rate-limit error that carries no Retry-After. */
export const RATE_LIMITED_BACKOFF_MS = 30_000;
/** API errors that mean Slack did not act and trying later may work (token_expired: after a refresh). */
const TRANSIENT_API_ERRORS = new Set(['service_unavailable', 'team_added_to_org', 'ratelimited', 'token_expired']);
/** API errors where Slack may have acted before failing. */
const AMBIGUOUS_API_ERRORS = new Set(['internal_error', 'fatal_error', 'request_timeout']);
/** Socket errors raised before anything was sent. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'CERT_HAS_EXPIRED']);

interface SlackishError {
  code?: string;
  data?: { error?: string; needed?: string };
  retryAfter?: number;
  statusCode?: number;
  /** web-api 8 uses fetch: socket errors sit in `cause`, a timeout is a TimeoutError. */
  original?: { name?: string; code?: string; message?: string; cause?: { code?: string } };
  message?: string;
}

/**
 * The scope Slack said was needed (`needed`, e.g. `chat:write`) when a call was refused `missing_scope`; '' when it
 * did not say; null for any other error.
 */
export function missingScopeOf(err: unknown): string | null {
  const e = (err ?? {}) as SlackishError;
  if (e.code !== 'slack_webapi_platform_error' || e.data?.error !== 'missing_scope') return null;
  return typeof e.data.needed === 'string' ? e.data.needed : '';
}

export function classifySlackError(err: unknown): CallOutcome {
  const e = (err ?? {}) as SlackishError;
  switch (e.code) {
    case 'slack_webapi_rate_limited_error':
      return { kind: 'rate_limited', retryAfterMs: Math.max(1, e.retryAfter ?? 30) * 1000 };
    case 'slack_webapi_platform_error': {
      const code = e.data?.error ?? 'unknown_error';
      // `ratelimited` is the 429's error; `rate_limited` ("Application has posted too many messages") comes over
      // HTTP 200 from chat.postMessage with no Retry-After. Both mean: back off and try again.
      if (code === 'ratelimited' || code === 'rate_limited') return { kind: 'rate_limited', retryAfterMs: RATE_LIMITED_BACKOFF_MS };
      if (TRANSIENT_API_ERRORS.has(code)) return { kind: 'retry', error: code };
      if (AMBIGUOUS_API_ERRORS.has(code)) return { kind: 'unknown', error: code };
      // Which permission was missing is kept with the error, so the reason can name it.
      const needed = missingScopeOf(err);
      return { kind: 'failed', error: needed ? `${code}: ${needed}` : code };
    }
    case 'slack_webapi_http_error': {
      const status = e.statusCode ?? 0;
      if (status >= 500) return { kind: 'unknown', error: `http_${status}` };
      return { kind: 'failed', error: `http_${status}` };
    }
    case 'slack_webapi_request_error': {
      const code = e.original?.cause?.code ?? e.original?.code ?? '';
      if (NOT_SENT_CODES.has(code)) return { kind: 'retry', error: code };
      if (e.original?.name === 'TimeoutError' || e.original?.name === 'AbortError') return { kind: 'unknown', error: 'timeout' };
      return { kind: 'unknown', error: code || e.original?.message || 'request_error' };
    }
    default:
      return { kind: 'unknown', error: e.message ?? String(err) };
  }
}
