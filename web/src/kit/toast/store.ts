import { createStore } from '../createStore';
import { DEFAULT_ERROR_TEXT, DEFAULT_SUCCESS_TEXT } from '../messages';

/** journeys.md §8: toasts last 3.5 seconds unless set. */
export const TOAST_DURATION_MS = 3500;

export type ToastType = 'standard' | 'success' | 'error';

/** A toast is plain text, or the object form of journeys.md §3. */
export interface ToastObject {
  type?: ToastType;
  text: string;
  isLoading?: boolean;
  /** The text is trusted HTML from our server (rendered as markup, not escaped). */
  html_safe?: boolean;
  /** Milliseconds before it goes away; 0 keeps it until dismissed. Default 3500; loading toasts stay until updated. */
  duration?: number;
}
export type ToastInput = string | ToastObject;

export interface Toast {
  id: number;
  type: ToastType;
  text: string;
  isLoading: boolean;
  html_safe: boolean;
  duration: number;
}

export const toastStore = createStore<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function normalize(input: ToastInput, id: number): Toast {
  const object: ToastObject = typeof input === 'string' ? { text: input } : input;
  const isLoading = Boolean(object.isLoading);
  return {
    id,
    type: object.type ?? 'standard',
    text: object.text,
    isLoading,
    html_safe: Boolean(object.html_safe),
    duration: object.duration ?? (isLoading ? 0 : TOAST_DURATION_MS),
  };
}

function schedule(toast: Toast): void {
  const existing = timers.get(toast.id);
  if (existing) clearTimeout(existing);
  timers.delete(toast.id);
  if (toast.duration > 0) {
    timers.set(
      toast.id,
      setTimeout(() => dismissToast(toast.id), toast.duration),
    );
  }
}

/** Shows a toast and returns its id. The same text already on screen is not stacked twice; its timer restarts. */
export function showToast(input: ToastInput): number {
  const draft = normalize(input, 0);
  const twin = toastStore
    .get()
    .find((t) => t.text === draft.text && t.type === draft.type && t.isLoading === draft.isLoading);
  if (twin) {
    schedule({ ...draft, id: twin.id });
    return twin.id;
  }
  const toast = { ...draft, id: nextId++ };
  toastStore.set((list) => [...list, toast]);
  schedule(toast);
  return toast.id;
}

/** Replaces a toast's content (for example a loading toast that finished) and restarts its timer. */
export function updateToast(id: number, input: ToastInput): void {
  const toast = normalize(input, id);
  if (!toastStore.get().some((t) => t.id === id)) {
    toastStore.set((list) => [...list, toast]);
  } else {
    toastStore.set((list) => list.map((t) => (t.id === id ? toast : t)));
  }
  schedule(toast);
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  toastStore.set((list) => list.filter((t) => t.id !== id));
}

export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  toastStore.set([]);
}

export function toastError(text: string = DEFAULT_ERROR_TEXT, duration?: number): number {
  return showToast({ type: 'error', text, duration });
}

export function toastSuccess(text: string = DEFAULT_SUCCESS_TEXT, duration?: number): number {
  return showToast({ type: 'success', text, duration });
}
