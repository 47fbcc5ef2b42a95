import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
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

export type PollStatus = 'idle' | 'polling' | 'done' | 'failed' | 'timeout' | 'error' | 'stopped';

export interface PollOutcome<T> {
  status: Exclude<PollStatus, 'idle' | 'polling'>;
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
  onTry?: (data: T, tries: number) => void;
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
    options.onTry?.(data, tries);
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

export interface PollState<T> {
  status: PollStatus;
  tries: number;
  data?: T;
  /** The warning text once warnAfterTries is reached (until the poll ends). */
  warning?: string;
  /** Timeout or error text. */
  message?: string;
}

/**
 * React face of startPolling: start() begins (or restarts) a poll, stop() ends it; state re-renders the page.
 * The preset's toasts (timeout, warning) are shown here. Unmounting stops the poll.
 */
export function usePoller<T>(options: Omit<PollOptions<T>, 'onSettled' | 'onWarning' | 'onTry'> & {
  onSettled?: (outcome: PollOutcome<T>) => void;
}) {
  const [state, setState] = useState<PollState<T>>({ status: 'idle', tries: 0 });
  const current = useRef<Poller<T> | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => () => current.current?.stop(), []);

  const start = useCallback((overrides?: Partial<Pick<PollOptions<T>, 'poll' | 'immediate'>>) => {
    current.current?.stop();
    const opts = { ...latest.current, ...overrides };
    const { preset } = opts;
    setState({ status: 'polling', tries: 0 });
    const poller = startPolling<T>({
      ...opts,
      onTry: (data, tries) => {
        if (current.current === poller) setState((s) => ({ ...s, data, tries }));
      },
      onWarning: (text) => {
        if (current.current !== poller) return;
        setState((s) => ({ ...s, warning: text }));
        if (preset.toastOnWarning) showToast({ type: 'standard', text, duration: preset.toastDurationMs });
      },
      onSettled: (outcome) => {
        if (outcome.status === 'stopped') return;
        if (outcome.status === 'timeout' && preset.toastOnTimeout && outcome.message) {
          showToast({ type: 'error', text: outcome.message, duration: preset.toastDurationMs });
        }
        if (current.current === poller) {
          setState({ status: outcome.status, tries: outcome.tries, data: outcome.data, message: outcome.message });
        }
        latest.current.onSettled?.(outcome);
      },
    });
    current.current = poller;
    return poller.promise;
  }, []);

  const stop = useCallback(() => {
    current.current?.stop();
    current.current = null;
    setState((s) => (s.status === 'polling' ? { ...s, status: 'stopped' } : s));
  }, []);

  return { ...state, start, stop };
}

export type PollingQueryResult<T> = UseQueryResult<T> & {
  /** Refetches after the first answer. */
  pollTries: number;
  pollWarning?: string;
  pollTimedOut: boolean;
  pollMessage?: string;
};

/**
 * A TanStack query that keeps refetching on the preset's interval while isDone(data) is false (for example
 * reporting modules answering generating_async), with the same warning and give-up rules as startPolling.
 * The query key decides what is polled: a new key (new dates) starts counting again.
 */
export function usePollingQuery<T, TKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<T, Error, T, TKey> & { preset: PollPreset; isDone: (data: T) => boolean },
): PollingQueryResult<T> {
  const { preset, isDone, ...queryOptions } = options;
  const result = useQuery<T, Error, T, TKey>({
    ...queryOptions,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (query.state.status === 'error' && preset.live) return preset.intervalMs;
      if (data === undefined || query.state.status === 'error') return false;
      if (isDone(data)) return false;
      const tries = Math.max(0, query.state.dataUpdateCount - 1);
      return pollDecision(preset, tries, false).next === 'timeout' ? false : preset.intervalMs;
    },
    refetchIntervalInBackground: true,
  });

  const queryClient = useQueryClient();
  const updates = queryClient.getQueryState(queryOptions.queryKey)?.dataUpdateCount ?? 0;
  const tries = Math.max(0, updates - 1);
  const done = result.data !== undefined && isDone(result.data);
  const timedOut = !done && preset.maxTries !== undefined && tries >= preset.maxTries;
  const warning =
    !done && !timedOut && preset.warnAfterTries !== undefined && tries >= preset.warnAfterTries
      ? preset.warningText
      : undefined;

  const key = JSON.stringify(queryOptions.queryKey);
  const shown = useRef<{ key: string; warned: boolean; timedOut: boolean }>({ key, warned: false, timedOut: false });
  useEffect(() => {
    if (shown.current.key !== key) shown.current = { key, warned: false, timedOut: false };
    if (warning && preset.toastOnWarning && !shown.current.warned) {
      shown.current.warned = true;
      showToast({ type: 'standard', text: warning, duration: preset.toastDurationMs });
    }
    if (timedOut && preset.toastOnTimeout && !shown.current.timedOut) {
      shown.current.timedOut = true;
      showToast({ type: 'error', text: preset.timeoutText ?? DEFAULT_ERROR_TEXT, duration: preset.toastDurationMs });
    }
  }, [key, warning, timedOut, preset]);

  return {
    ...result,
    pollTries: tries,
    pollWarning: warning,
    pollTimedOut: timedOut,
    pollMessage: timedOut ? (preset.timeoutText ?? DEFAULT_ERROR_TEXT) : undefined,
  } as PollingQueryResult<T>;
}
