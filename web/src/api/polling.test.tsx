import '../test/setup';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, test, vi } from 'vitest';
import {
  DATES_IMPORT_TIMEOUT_TEXT,
  DEFAULT_ERROR_TEXT,
  REPORTING_WARNING_TEXT,
  SEND_NOW_TIMEOUT_TEXT,
  UPLOAD_FAILED_TEXT,
} from '../kit/messages';
import { toastStore } from '../kit/toast/store';
import { queryNotificationsInMicrotasks, testQueryClient } from '../test/utils';
import { ApiError } from './client';
import { POLL_PRESETS, pollDecision, startPolling, usePollingQuery, type PollPreset } from './polling';

/** Lets pending promise callbacks run between fake-timer steps. */
async function flush() {
  await vi.advanceTimersByTimeAsync(0);
}

/** Moves the fake clock inside act, so React renders what the queries answered. */
async function step(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('presets match the specs', () => {
  test('intervals, tries, warning and texts', () => {
    expect(POLL_PRESETS.asset).toMatchObject({ intervalMs: 3000, maxTries: 10, timeoutText: UPLOAD_FAILED_TEXT });
    expect(POLL_PRESETS.datesImport).toMatchObject({ intervalMs: 3000, maxTries: 40, timeoutText: DATES_IMPORT_TIMEOUT_TEXT });
    expect(POLL_PRESETS.sendNow).toMatchObject({
      intervalMs: 3000,
      maxTries: 40,
      timeoutText: 'Uh oh, something is taking a long time. You can go to Slack to see if your event has sent.',
      toastDurationMs: 10_000,
    });
    expect(POLL_PRESETS.sendNow.intervalMs * POLL_PRESETS.sendNow.maxTries).toBe(120_000);
    expect(POLL_PRESETS.hris).toEqual({ intervalMs: 30_000 });
    expect(POLL_PRESETS.manualEnrollment).toEqual({ intervalMs: 2000 });
    expect(POLL_PRESETS.integrationIdentity).toEqual({ intervalMs: 5000 });
    expect(POLL_PRESETS.reportingModule).toMatchObject({
      intervalMs: 3000,
      warnAfterTries: 10,
      maxTries: 40,
      warningText:
        'We are still generating some reporting data. Please check back in a few minutes. You do not need to reload the page.',
    });
  });

  test('pollDecision', () => {
    const preset: PollPreset = { intervalMs: 1, maxTries: 3, warnAfterTries: 2, warningText: 'w' };
    expect(pollDecision(preset, 1, false)).toEqual({ next: 'continue', warn: false });
    expect(pollDecision(preset, 2, false)).toEqual({ next: 'continue', warn: true });
    expect(pollDecision(preset, 3, false)).toEqual({ next: 'timeout', warn: false });
    expect(pollDecision(preset, 3, 'done')).toEqual({ next: 'done', warn: false });
    expect(pollDecision({ intervalMs: 1 }, 10_000, false).next).toBe('continue');
  });
});

describe('startPolling', () => {
  test('waits one interval before each try and stops when done', async () => {
    vi.useFakeTimers();
    const poll = vi.fn().mockResolvedValueOnce({ state: 'pending' }).mockResolvedValueOnce({ state: 'active' });
    const poller = startPolling({ preset: POLL_PRESETS.hris, poll, isDone: (d: { state: string }) => d.state === 'active' });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(poll).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(poll).toHaveBeenCalledTimes(2);
    await expect(poller.promise).resolves.toMatchObject({ status: 'done', tries: 2, data: { state: 'active' } });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(poll).toHaveBeenCalledTimes(2);
  });

  test('immediate tries at once', async () => {
    vi.useFakeTimers();
    const poll = vi.fn().mockResolvedValue('done');
    const poller = startPolling({ preset: POLL_PRESETS.manualEnrollment, poll, isDone: () => true, immediate: true });
    await flush();
    expect(poll).toHaveBeenCalledTimes(1);
    await expect(poller.promise).resolves.toMatchObject({ status: 'done', tries: 1 });
  });

  test('assets: 10 tries 3 s apart, then failed with the upload text', async () => {
    vi.useFakeTimers();
    const poll = vi.fn().mockResolvedValue({ state: 'needs_processing' });
    const settled = vi.fn();
    startPolling({ preset: POLL_PRESETS.asset, poll, isDone: () => false, onSettled: settled });
    await vi.advanceTimersByTimeAsync(3000 * 9);
    expect(poll).toHaveBeenCalledTimes(9);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(poll).toHaveBeenCalledTimes(10);
    expect(settled).toHaveBeenCalledWith(expect.objectContaining({ status: 'timeout', tries: 10, message: UPLOAD_FAILED_TEXT }));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(poll).toHaveBeenCalledTimes(10);
  });

  test('a failed answer (isFailed) stops at once', async () => {
    vi.useFakeTimers();
    const poll = vi.fn().mockResolvedValue({ state: 'failed_processing' });
    const poller = startPolling({
      preset: POLL_PRESETS.asset,
      poll,
      isDone: (d: { state: string }) => d.state === 'uploaded',
      isFailed: (d) => d.state === 'failed_processing',
    });
    await vi.advanceTimersByTimeAsync(3000);
    await expect(poller.promise).resolves.toMatchObject({ status: 'failed', tries: 1 });
  });

  test('reporting: warning once after 10 tries, gives up after 40', async () => {
    vi.useFakeTimers();
    const poll = vi.fn().mockResolvedValue({ status: 'generating_async' });
    const onWarning = vi.fn();
    const onSettled = vi.fn();
    startPolling({ preset: POLL_PRESETS.reportingModule, poll, isDone: () => false, onWarning, onSettled });
    await vi.advanceTimersByTimeAsync(3000 * 9);
    expect(onWarning).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(onWarning).toHaveBeenCalledWith(REPORTING_WARNING_TEXT, 10);
    await vi.advanceTimersByTimeAsync(3000 * 29);
    expect(onSettled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(onWarning).toHaveBeenCalledTimes(1);
    expect(onSettled).toHaveBeenCalledWith(expect.objectContaining({ status: 'timeout', tries: 40, message: DEFAULT_ERROR_TEXT }));
  });

  test('a failing request ends the poll with the server error', async () => {
    vi.useFakeTimers();
    const poll = vi.fn().mockRejectedValue(new ApiError(500, { error: 'Status lookup failed' }));
    const poller = startPolling({ preset: POLL_PRESETS.manualEnrollment, poll, isDone: () => false });
    await vi.advanceTimersByTimeAsync(2000);
    await expect(poller.promise).resolves.toMatchObject({ status: 'error', tries: 1, message: 'Status lookup failed' });
  });

  test('stop() ends it without further tries', async () => {
    vi.useFakeTimers();
    const poll = vi.fn().mockResolvedValue({});
    const poller = startPolling({ preset: POLL_PRESETS.integrationIdentity, poll, isDone: () => false });
    await vi.advanceTimersByTimeAsync(5000);
    poller.stop();
    await vi.advanceTimersByTimeAsync(50_000);
    expect(poll).toHaveBeenCalledTimes(1);
    await expect(poller.promise).resolves.toMatchObject({ status: 'stopped', tries: 1 });
  });

  test('never overlaps tries: the next waits for the previous answer', async () => {
    vi.useFakeTimers();
    let release!: (v: unknown) => void;
    const poll = vi.fn(() => new Promise((r) => (release = r)));
    startPolling({ preset: POLL_PRESETS.sendNow, poll, isDone: () => false });
    await vi.advanceTimersByTimeAsync(3000 * 5);
    expect(poll).toHaveBeenCalledTimes(1);
    release({});
    await vi.advanceTimersByTimeAsync(3000);
    expect(poll).toHaveBeenCalledTimes(2);
  });
});

describe('usePollingQuery', () => {
  test('a live view keeps polling through a failed try (the sandbox page); another preset stops at it', async () => {
    const wrapper = (client: ReturnType<typeof testQueryClient>) => ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const answers = (fail: number) => {
      let calls = 0;
      return vi.fn(async () => {
        calls += 1;
        if (calls === fail) throw new Error('down for a moment');
        return { n: calls };
      });
    };
    const live = answers(2);
    const { result } = renderHook(() => usePollingQuery({ queryKey: ['live'], queryFn: live, preset: { intervalMs: 10, live: true }, isDone: () => false }), { wrapper: wrapper(testQueryClient()) });
    await waitFor(() => expect(result.current.data?.n).toBeGreaterThanOrEqual(3));
    const once = answers(2);
    const { result: other } = renderHook(() => usePollingQuery({ queryKey: ['once'], queryFn: once, preset: { intervalMs: 10 }, isDone: () => false }), { wrapper: wrapper(testQueryClient()) });
    await waitFor(() => expect(other.current.isError).toBe(true));
    await new Promise((r) => setTimeout(r, 60));
    expect(once).toHaveBeenCalledTimes(2);
  });

  test('refetches every interval until done', async () => {
    const client = testQueryClient();
    const answers = [{ status: 'generating_async' }, { status: 'generating_async' }, { status: 'ready', value: 7 }];
    let calls = 0;
    const queryFn = vi.fn(async () => answers[Math.min(calls++, answers.length - 1)]!);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const preset: PollPreset = { ...POLL_PRESETS.reportingModule, intervalMs: 20 };
    const { result } = renderHook(
      () => usePollingQuery({ queryKey: ['stat', '2024-01-01'], queryFn, preset, isDone: (d) => d.status === 'ready' }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.data?.status).toBe('ready'));
    expect(result.current.pollTries).toBe(2);
    expect(result.current.pollTimedOut).toBe(false);
    await new Promise((r) => setTimeout(r, 80));
    expect(queryFn).toHaveBeenCalledTimes(3);
  });

  test('gives up after maxTries with the timeout message', async () => {
    const client = testQueryClient();
    const queryFn = vi.fn(async () => ({ status: 'generating_async' }));
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const preset: PollPreset = { intervalMs: 5, maxTries: 3, warnAfterTries: 2, warningText: 'still going', timeoutText: 'gave up' };
    const { result } = renderHook(
      () => usePollingQuery({ queryKey: ['stat'], queryFn, preset, isDone: (d) => d.status === 'ready' }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.pollTimedOut).toBe(true));
    expect(result.current.pollMessage).toBe('gave up');
    expect(queryFn).toHaveBeenCalledTimes(4); // the first load, then 3 polls
    await new Promise((r) => setTimeout(r, 40));
    expect(queryFn).toHaveBeenCalledTimes(4);
  });

  describe('seeded with the answer that started the work (send-now, the dates import, uploads)', () => {
    queryNotificationsInMicrotasks();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>;

    test('send-now: the first poll 3 s after the request, then every 3 s, 40 polls, then the 10 s timeout toast and one end', async () => {
      vi.useFakeTimers();
      const queryFn = vi.fn(async () => ({ done: false }));
      const onEnd = vi.fn();
      const { result } = renderHook(
        () => usePollingQuery({ queryKey: ['send', 1], queryFn, initialData: { done: false }, retry: false, preset: POLL_PRESETS.sendNow, isDone: (d) => d.done, onEnd }),
        { wrapper },
      );
      await step(2999);
      expect(queryFn).not.toHaveBeenCalled();
      await step(1);
      expect(queryFn).toHaveBeenCalledTimes(1);
      await step(3000 * 38);
      expect(queryFn).toHaveBeenCalledTimes(39);
      expect(onEnd).not.toHaveBeenCalled();
      await step(3000);
      expect(queryFn).toHaveBeenCalledTimes(40);
      expect(result.current.pollTimedOut).toBe(true);
      expect(onEnd).toHaveBeenCalledTimes(1);
      expect(onEnd).toHaveBeenCalledWith({ status: 'timeout', data: { done: false } });
      expect(toastStore.get()).toEqual([expect.objectContaining({ type: 'error', text: SEND_NOW_TIMEOUT_TEXT, duration: 10_000 })]);
      await step(60_000);
      expect(queryFn).toHaveBeenCalledTimes(40);
      expect(onEnd).toHaveBeenCalledTimes(1);
    });

    test('uploads: still unfinished after 10 polls is a timeout (not 11)', async () => {
      vi.useFakeTimers();
      const queryFn = vi.fn(async () => ({ state: 'needs_processing' }));
      const { result } = renderHook(
        () => usePollingQuery({ queryKey: ['asset', 1], queryFn, initialData: { state: 'needs_processing' }, preset: POLL_PRESETS.asset, isDone: (a) => a.state !== 'needs_processing' }),
        { wrapper },
      );
      await step(3000 * 9);
      expect(result.current.pollTimedOut).toBe(false);
      await step(3000);
      expect(result.current.pollTimedOut).toBe(true);
      await step(30_000);
      expect(queryFn).toHaveBeenCalledTimes(10);
    });

    test('ends once with the answer when done, or with the error when a poll fails', async () => {
      vi.useFakeTimers();
      const queryFn = vi.fn().mockResolvedValueOnce({ state: 'needs_processing' }).mockResolvedValueOnce({ state: 'uploaded' });
      const onEnd = vi.fn();
      renderHook(
        () => usePollingQuery({ queryKey: ['import', 1], queryFn, initialData: { state: 'needs_processing' }, preset: POLL_PRESETS.datesImport, isDone: (a: { state: string }) => a.state !== 'needs_processing', onEnd }),
        { wrapper },
      );
      await step(6000);
      expect(onEnd).toHaveBeenCalledWith({ status: 'done', data: { state: 'uploaded' } });
      await step(30_000);
      expect(queryFn).toHaveBeenCalledTimes(2);
      expect(onEnd).toHaveBeenCalledTimes(1);

      const failing = vi.fn().mockRejectedValue(new ApiError(500, { error: 'Status lookup failed' }));
      const onFail = vi.fn();
      renderHook(
        () => usePollingQuery({ queryKey: ['import', 2], queryFn: failing, initialData: { state: 'needs_processing' }, retry: false, preset: POLL_PRESETS.datesImport, isDone: (a: { state: string }) => a.state !== 'needs_processing', onEnd: onFail }),
        { wrapper },
      );
      await step(3000);
      expect(onFail).toHaveBeenCalledWith({ status: 'error', error: expect.objectContaining({ status: 500 }) });
      await step(30_000);
      expect(failing).toHaveBeenCalledTimes(1);
    });
  });
});
