import { DEFAULT_ERROR_TEXT } from '../kit/messages';
import { showToast } from '../kit/toast/store';
import { browser } from './browser';
import type { ApiErrorBody } from './types';

export const CSRF_COOKIE = 'hearth_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
/** Where a signed-out visitor goes; the server runs Sign in with Slack and comes back to return_to. */
export const SIGN_IN_PATH = '/auth/slack';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  method?: HttpMethod;
  query?: QueryParams;
  /** A JSON body, or FormData (sent as multipart). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Show a toast when the call fails (default true). Polls and searches turn it off and report their own way. */
  toastOnError?: boolean;
  /** The toast text when the server gives no `error` (default 'Uh oh, something went wrong. Try again?'). */
  errorText?: string;
}

/** What a 402 hands to whoever offers the upgrade: the feature, the server's words, and the refused call to redo once the plan allows it. */
export interface PaymentRequired {
  feature?: string;
  trialAvailable?: boolean;
  message?: string;
  /** Sends the refused write again (absent for reads). */
  redo?: () => Promise<unknown>;
}

let paymentRequiredHandler: ((p: PaymentRequired) => void) | null = null;

/** The shell registers what a 402 opens (the upgrade dialog), so the client imports no dialog. */
export function onPaymentRequired(handler: ((p: PaymentRequired) => void) | null): void {
  paymentRequiredHandler = handler;
}

/** What a 424 naming a missing Slack permission hands to whoever offers the reinstall: the scope, and the server's words for it. */
export interface MissingScope {
  scope: string | null;
  message?: string;
}

let missingScopeHandler: ((m: MissingScope) => void) | null = null;

/** The shell registers what a missing Slack permission opens (the permissions modal), as for a 402. */
export function onMissingScope(handler: ((m: MissingScope) => void) | null): void {
  missingScopeHandler = handler;
}

/** A failed call: status 0 means the request never got an answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | undefined;
  constructor(status: number, body: ApiErrorBody | undefined, message?: string) {
    super(message ?? body?.error ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  /** The server's `error` text, if it sent one. */
  get serverError(): string | undefined {
    const error = this.body?.error;
    return typeof error === 'string' && error.trim() !== '' ? error : undefined;
  }
  get fields(): ApiErrorBody['fields'] {
    return this.body?.fields;
  }
}

/** What a person is told about a failure: the server's error when there is one, else the fallback. */
export function errorText(error: unknown, fallback: string = DEFAULT_ERROR_TEXT): string {
  if (error instanceof ApiError && error.serverError) return error.serverError;
  return fallback;
}

export function readCookie(name: string, cookies: string = typeof document === 'undefined' ? '' : document.cookie): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

let fallbackCsrfToken: string | undefined;
/** Remember the token from /users/show_as_json, used if the cookie is missing. */
export function setCsrfToken(token: string | undefined): void {
  fallbackCsrfToken = token || undefined;
}
export function csrfToken(): string | undefined {
  return readCookie(CSRF_COOKIE) ?? fallbackCsrfToken;
}

/** /auth/slack?return_to=<current path and query>. */
export function signInUrl(location: Pick<Location, 'pathname' | 'search'> = window.location): string {
  return `${SIGN_IN_PATH}?return_to=${encodeURIComponent(location.pathname + location.search)}`;
}

let redirecting = false;
/** Sends a signed-out visitor to Sign in with Slack (once, however many calls answered 401). */
export function redirectToSignIn(): void {
  if (redirecting) return;
  redirecting = true;
  browser.assign(signInUrl());
}
/** Tests only. */
export function resetRedirectGuard(): void {
  redirecting = false;
}

export function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value as ReadonlyArray<string | number>) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
  return text;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** fetch for our JSON API: same-origin cookies, CSRF header on writes, and one way of reporting failures. */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (method !== 'GET') {
    const token = csrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }

  const toast = (error: ApiError) => {
    if (options.toastOnError !== false) showToast({ type: 'error', text: errorText(error, options.errorText) });
  };

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (isAbort(cause)) throw cause;
    const error = new ApiError(0, undefined, 'Network error');
    toast(error);
    throw error;
  }

  const data = await readBody(response);
  if (response.ok) return data as T;

  const errorBody: ApiErrorBody | undefined =
    data && typeof data === 'object' && !Array.isArray(data) ? (data as ApiErrorBody) : undefined;
  const error = new ApiError(response.status, errorBody);
  if (response.status === 401) {
    redirectToSignIn();
  } else if (response.status === 402 && paymentRequiredHandler) {
    const redo = method === 'GET' ? undefined : () => request(path, { ...options, signal: undefined });
    paymentRequiredHandler({ feature: errorBody?.feature, trialAvailable: errorBody?.trial_available, message: error.serverError, redo });
  } else if (response.status === 424 && errorBody && 'missing_scope' in errorBody && missingScopeHandler) {
    missingScopeHandler({ scope: typeof errorBody.missing_scope === 'string' ? errorBody.missing_scope : null, message: error.serverError });
  } else {
    toast(error);
  }
  throw error;
}

type BodylessOptions = Omit<RequestOptions, 'method' | 'body'>;
type BodyOptions = Omit<RequestOptions, 'method'>;

export const api = {
  get: <T = unknown>(path: string, options?: BodylessOptions) => request<T>(path, { ...options, method: 'GET' }),
  delete: <T = unknown>(path: string, options?: BodyOptions) => request<T>(path, { ...options, method: 'DELETE' }),
  post: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
};
