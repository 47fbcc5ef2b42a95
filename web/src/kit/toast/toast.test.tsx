import '../../test/setup';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { Toaster } from './Toaster';
import {
  dismissToast,
  showToast,
  toastError,
  toastStore,
  toastSuccess,
  TOAST_DURATION_MS,
  updateToast,
} from './store';

function toastEl() {
  return screen.getByTestId('toast');
}

describe('toasts', () => {
  test('plain text: a standard toast with no icon', () => {
    render(<Toaster />);
    act(() => void showToast('Saved the thing'));
    expect(toastEl()).toHaveTextContent('Saved the thing');
    expect(toastEl()).toHaveAttribute('role', 'status');
    expect(toastEl().querySelector('[data-icon]')).toBeNull();
  });

  test('success: check on green; error: X on red and role alert; loading: spinner', () => {
    render(<Toaster />);
    act(() => void showToast({ type: 'success', text: 'ok' }));
    act(() => void showToast({ type: 'error', text: 'bad' }));
    act(() => void showToast({ type: 'standard', text: 'wait', isLoading: true }));
    const [success, error, loading] = screen.getAllByTestId('toast');
    expect(success!.querySelector('[data-icon="check"]')).toHaveClass('toast-icon-success');
    expect(error!.querySelector('[data-icon="x"]')).toHaveClass('toast-icon-error');
    expect(error).toHaveAttribute('role', 'alert');
    expect(within(loading!).getByRole('img', { name: 'Loading' })).toBeInTheDocument();
    expect(loading!.querySelector('[data-icon="spinner"]')).not.toBeNull();
  });

  test('a loading success toast shows the spinner, not the check', () => {
    render(<Toaster />);
    act(() => void showToast({ type: 'success', text: 'x', isLoading: true }));
    expect(toastEl().querySelector('[data-icon="spinner"]')).not.toBeNull();
    expect(toastEl().querySelector('[data-icon="check"]')).toBeNull();
  });

  test('lasts 3.5 seconds unless set', () => {
    vi.useFakeTimers();
    expect(TOAST_DURATION_MS).toBe(3500);
    showToast('short');
    showToast({ text: 'long', duration: 10_000 });
    vi.advanceTimersByTime(3499);
    expect(toastStore.get().map((t) => t.text)).toEqual(['short', 'long']);
    vi.advanceTimersByTime(1);
    expect(toastStore.get().map((t) => t.text)).toEqual(['long']);
    vi.advanceTimersByTime(6500);
    expect(toastStore.get()).toEqual([]);
  });

  test('a loading toast stays until updated; the update restarts the 3.5 s timer', () => {
    vi.useFakeTimers();
    const id = showToast({ text: 'Sending…', isLoading: true });
    vi.advanceTimersByTime(60_000);
    expect(toastStore.get()).toHaveLength(1);
    updateToast(id, { type: 'success', text: 'Sent!' });
    expect(toastStore.get()[0]).toMatchObject({ id, type: 'success', isLoading: false, text: 'Sent!' });
    vi.advanceTimersByTime(3500);
    expect(toastStore.get()).toEqual([]);
  });

  test('defaults for error and success', () => {
    toastError();
    toastSuccess();
    expect(toastStore.get().map((t) => [t.type, t.text])).toEqual([
      ['error', 'Uh oh, something went wrong. Try again?'],
      ['success', 'Your preferences have been saved.'],
    ]);
  });

  test('the same toast is not stacked twice', () => {
    toastError();
    toastError();
    expect(toastStore.get()).toHaveLength(1);
  });

  test('html_safe renders markup; otherwise text is escaped', () => {
    render(<Toaster />);
    act(() => void showToast({ text: 'See <a href="/billing">billing</a>', html_safe: true }));
    act(() => void showToast({ text: '<b>not bold</b>' }));
    expect(screen.getByRole('link', { name: 'billing' })).toHaveAttribute('href', '/billing');
    expect(screen.getByText('<b>not bold</b>')).toBeInTheDocument();
  });

  test('the dismiss button closes it; the region is a polite live region', async () => {
    render(<Toaster />);
    act(() => void showToast('bye'));
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveAttribute('aria-live', 'polite');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  test('dismissToast', () => {
    const id = showToast('x');
    dismissToast(id);
    expect(toastStore.get()).toEqual([]);
  });
});
