import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  DATES_IMPORT_TIMEOUT_TEXT,
  DEFAULT_ERROR_TEXT,
  REPORTING_WARNING_TEXT,
  SEND_NOW_TIMEOUT_TEXT,
  UPLOAD_FAILED_TEXT,
} from '../kit/messages';
import { showToast } from '../kit/toast/store';
import { errorText } from './client';

/**
 * One polling rule: wait intervalMs, try; stop when done, failed, or after maxTries (then timeoutText).
 * warnAfterTries shows warningText once after that many unfinished tries.
 */
export interface PollPreset {
  intervalMs: number;
  /** Undefined: poll until done. */
  maxTries?: number;
  warnAfterTries?: number;
  warningText?: string;
  /** Shown when maxTries run out. */
  timeoutText?: string;
  /** Show the timeout text as an error toast (else the page shows it). */
  toastOnTimeout?: boolean;
  /** Show the warning as a toast (else the page shows it). */
  toastOnWarning?: boolean;
  /** Duration of those toasts; default 3.5 s. */
  toastDurationMs?: number;
  /** A live view (the sandbox's channels, messages and clock): a failed try does not end it; the next one may answer. */
  live?: boolean;
}

/** Every polling rule of programs.md §4/§9 and journeys.md §4/§8/§9. */
export const POLL_PRESETS = {
  /** Uploaded file: every 3 s until uploaded or failed_processing; after 10 unfinished polls it is failed. */
  asset: { intervalMs: 3000, maxTries: 10, timeoutText: UPLOAD_FAILED_TEXT },
  /** Celebration dates import: every 3 s, up to 40 attempts, then the timeout error. */
  datesImport: { intervalMs: 3000, maxTries: 40, timeoutText: DATES_IMPORT_TIMEOUT_TEXT, toastOnTimeout: true },
  /** Send-now completion: every 3 s, 40 attempts (about 2 minutes), then a 10 s toast. */
  sendNow: {
    intervalMs: 3000,
    maxTries: 40,
    timeoutText: SEND_NOW_TIMEOUT_TEXT,
    toastOnTimeout: true,
    toastDurationMs: 10_000,
  },
  /** HRIS integration: every 30 s until its state is active. */
  hris: { intervalMs: 30_000 },
  /** Manual enrollment upsert status: every 2 s until success or error. */
  manualEnrollment: { intervalMs: 2000 },
  /** Direct integration identity: every 5 s until validated, active or error. */
  integrationIdentity: { intervalMs: 5000 },
  /** Reporting module data (generating_async): every 3 s, warning after 10 tries, give up after 40. */
  reportingModule: {
    intervalMs: 3000,
    maxTries: 40,
    warnAfterTries: 10,
    warningText: REPORTING_WARNING_TEXT,
    toastOnWarning: true,
    timeoutText: DEFAULT_ERROR_TEXT,
  },
} as const satisfies Record<string, PollPreset>;

export const HRIS_POLL = POLL_PRESETS.hris;
export const MANUAL_ENROLLMENT_POLL = POLL_PRESETS.manualEnrollment;
export const INTEGRATION_IDENTITY_POLL = POLL_PRESETS.integrationIdentity;
export const REPORTING_MODULE_POLL = POLL_PRESETS.reportingModule;

export interface PollOutcome<T> {
  status: 'done' | 'failed' | 'timeout' | 'error' | 'stopped';
  tries: number;
  data?: T;
  error?: unknown;
  /** For timeout and error: what to tell the person. */
  message?: string;
}

export interface PollOptions<T> {
  preset: PollPreset;
  /** One try. */
  poll: (signal: AbortSignal) => Promise<T>;
  isDone: (data: T) => boolean;
  /** A finished-but-failed answer (for example status error). */
  isFailed?: (data: T) => boolean;
  /** Try at once instead of after the first interval (the default: the caller already has the first answer). */
  immediate?: boolean;
  onWarning?: (text: string, tries: number) => void;
  onSettled?: (outcome: PollOutcome<T>) => void;
}

export interface Poller<T> {
  readonly promise: Promise<PollOutcome<T>>;
  stop(): void;
}

/** What happens after a try: the decision every poller (imperative or query-driven) follows. */
export function pollDecision(
  preset: PollPreset,
  tries: number,
  finished: 'done' | 'failed' | false,
): { next: 'done' | 'failed' | 'timeout' | 'continue'; warn: boolean } {
  if (finished) return { next: finished, warn: false };
  if (preset.maxTries !== undefined && tries >= preset.maxTries) return { next: 'timeout', warn: false };
  return { next: 'continue', warn: preset.warnAfterTries !== undefined && tries === preset.warnAfterTries };
}

/** The one polling engine. Waits between tries (never overlaps them) and settles exactly once. */
export function startPolling<T>(options: PollOptions<T>): Poller<T> {
  const { preset } = options;
  const controller = new AbortController();
  let tries = 0;
  let last: T | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settled = false;
  let resolve!: (outcome: PollOutcome<T>) => void;
  const promise = new Promise<PollOutcome<T>>((r) => (resolve = r));

  const settle = (outcome: PollOutcome<T>) => {
    if (settled) return;
    settled = true;
    if (timer) clearTimeout(timer);
    controller.abort();
    options.onSettled?.(outcome);
    resolve(outcome);
  };

  const attempt = async () => {
    if (settled) return;
    tries += 1;
    let data: T;
    try {
      data = await options.poll(controller.signal);
    } catch (error) {
      if (!settled) settle({ status: 'error', tries, error, data: last, message: errorText(error) });
      return;
    }
    if (settled) return;
    last = data;
    const finished = options.isFailed?.(data) ? 'failed' : options.isDone(data) ? 'done' : false;
    const decision = pollDecision(preset, tries, finished);
    if (decision.next === 'done' || decision.next === 'failed') {
      settle({ status: decision.next, tries, data });
      return;
    }
    if (decision.next === 'timeout') {
      settle({ status: 'timeout', tries, data, message: preset.timeoutText ?? DEFAULT_ERROR_TEXT });
      return;
    }
    if (decision.warn && preset.warningText) options.onWarning?.(preset.warningText, tries);
    timer = setTimeout(() => void attempt(), preset.intervalMs);
  };

  timer = setTimeout(() => void attempt(), options.immediate ? 0 : preset.intervalMs);
  return {
    promise,
    stop: () => settle({ status: 'stopped', tries, data: last }),
  };
}

export type PollingQueryResult<T> = UseQueryResult<T> & {
  /** Polls so far: every fetch of a seeded query (initialData), else every one after the first load. */
  pollTries: number;
  pollWarning?: string;
  pollTimedOut: boolean;
  pollMessage?: string;
};

/** How a poll ended, told once per query key (the toasts of the preset are shown by the hook itself). */
export type PollEnd<T> = { status: 'done'; data: T } | { status: 'timeout'; data: T } | { status: 'error'; error: Error };

/**
 * The one polling hook: a TanStack query that keeps refetching on the preset's interval while isDone(data) is
 * false, with the preset's warning and give-up rules (pollDecision). The query key decides what is polled: a new
 * key (new dates, a new send) starts counting again.
 *
 * Two ways to start:
 * - without initialData the first fetch is a load (at once), and the polls follow it (reporting, batches);
 * - with initialData — the answer of the request that started the work (an upload, an import, a send) — every
 *   fetch is a poll, and the first comes one interval after that answer (programs.md §4: send-now, the dates
 *   import, uploaded files).
 *
 * onEnd is called once per key when the poll ends: done, timed out (maxTries) or failed (the request failed).
 */
export function usePollingQuery<T, TKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<T, Error, T, TKey> & { preset: PollPreset; isDone: (data: T) => boolean; onEnd?: (end: PollEnd<T>) => void },
): PollingQueryResult<T> {
  const { preset, isDone, onEnd, ...queryOptions } = options;
  const seeded = queryOptions.initialData !== undefined;
  /** Fetches that count as polls: every one when seeded, else every one after the first load. */
  const pollsOf = (dataUpdateCount: number) => Math.max(0, dataUpdateCount - (seeded ? 0 : 1));
  const result = useQuery<T, Error, T, TKey>({
    // Seeded: no fetch at mount, whatever the interval; the first poll is the interval's.
    ...(seeded && { staleTime: Infinity }),
    ...queryOptions,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (query.state.status === 'error' && preset.live) return preset.intervalMs;
      if (data === undefined || query.state.status === 'error') return false;
      if (isDone(data)) return false;
      return pollDecision(preset, pollsOf(query.state.dataUpdateCount), false).next === 'timeout' ? false : preset.intervalMs;
    },
    refetchIntervalInBackground: true,
  });

  const queryClient = useQueryClient();
  const tries = pollsOf(queryClient.getQueryState(queryOptions.queryKey)?.dataUpdateCount ?? 0);
  const done = result.data !== undefined && isDone(result.data);
  const timedOut = !done && preset.maxTries !== undefined && tries >= preset.maxTries;
  const warning =
    !done && !timedOut && preset.warnAfterTries !== undefined && tries >= preset.warnAfterTries
      ? preset.warningText
      : undefined;
  const failed = result.isError && !preset.live;

  const key = JSON.stringify(queryOptions.queryKey);
  const shown = useRef<{ key: string; warned: boolean; ended: boolean }>({ key, warned: false, ended: false });
  const latestOnEnd = useRef(onEnd);
  useEffect(() => {
    latestOnEnd.current = onEnd;
  });
  useEffect(() => {
    if (shown.current.key !== key) shown.current = { key, warned: false, ended: false };
    if (warning && preset.toastOnWarning && !shown.current.warned) {
      shown.current.warned = true;
      showToast({ type: 'standard', text: warning, duration: preset.toastDurationMs });
    }
    if (shown.current.ended || !(done || timedOut || failed)) return;
    shown.current.ended = true;
    if (timedOut && preset.toastOnTimeout) {
      showToast({ type: 'error', text: preset.timeoutText ?? DEFAULT_ERROR_TEXT, duration: preset.toastDurationMs });
    }
    const end: PollEnd<T> = failed ? { status: 'error', error: result.error! } : { status: done ? 'done' : 'timeout', data: result.data! };
    latestOnEnd.current?.(end);
  }, [key, warning, done, timedOut, failed, preset, result.data, result.error]);

  return {
    ...result,
    pollTries: tries,
    pollWarning: warning,
    pollTimedOut: timedOut,
    pollMessage: timedOut ? (preset.timeoutText ?? DEFAULT_ERROR_TEXT) : undefined,
  } as PollingQueryResult<T>;
}
