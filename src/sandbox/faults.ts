/**
 * Injected failures for testing the outbox's "unknown outcome" handling. Each fault applies once, to the
 * next call that matches it, in the order they were queued.
 */

interface FaultMatch {
  /** A Web API method name, or '*' for any. */
  method: string;
  /** Only calls from this workspace. */
  teamId?: string;
  /** Only calls whose `channel` argument is this. */
  channel?: string;
}

export type SandboxFault = FaultMatch &
  (
    | { kind: 'timeout' } // handled and stored, but the response never comes; the socket stays open
    | { kind: 'drop_after_store' } // handled and stored, then the connection is destroyed unanswered
    | { kind: 'http_500' } // not handled; HTTP 500
    | { kind: 'delay'; ms: number } // handled after a real-time pause
    | { kind: 'error'; error: string } // not handled; { ok: false, error }
    | { kind: 'ratelimited'; retryAfter?: number } // not handled; HTTP 429 with Retry-After
    | { kind: 'rate_limited' } // not handled; HTTP 200 { ok: false, error: 'rate_limited' } (too many messages)
  );

/** Removes and returns the first queued fault matching this call. */
export function takeFault(
  queue: SandboxFault[],
  call: { method: string; teamId?: string; channel?: string },
): SandboxFault | undefined {
  const index = queue.findIndex(
    (f) =>
      (f.method === '*' || f.method === call.method) &&
      (f.teamId === undefined || f.teamId === call.teamId) &&
      (f.channel === undefined || f.channel === call.channel),
  );
  if (index === -1) return undefined;
  return queue.splice(index, 1)[0];
}

/**
 * Slack down for a while, on the sandbox clock (advance it to end the outage): every call of the workspace (or of
 * all, without `teamId`) before `until` is answered `service_unavailable`, or with an HTTP 503 whose request may or
 * may not have been acted on — Slack's status page shows both kinds of incident.
 */
export interface SandboxOutage {
  until: Date;
  teamId?: string;
  answer: 'service_unavailable' | 'http_503';
}

/** Whether a call at `at` falls in the outage. */
export function inOutage(outage: SandboxOutage | null, call: { teamId?: string }, at: Date): boolean {
  return !!outage && at < outage.until && (outage.teamId === undefined || outage.teamId === call.teamId);
}
