import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { DEFAULT_ERROR_TEXT } from '../messages';
import { AlertIcon, NotFoundIcon } from '../icons';
import './pagestate.css';

export interface SkeletonProps {
  /** Text lines in the body block (default 3). */
  lines?: number;
  /** How many cards (default 2). */
  cards?: number;
  /** Announced to screen readers. */
  label?: string;
}

/** A loading page: a grey title, subtitle and cards shaped like what is coming; "Loading…" for screen readers. */
export function PageSkeleton({ lines = 3, cards = 2, label = 'Loading…' }: SkeletonProps) {
  return (
    <div className="kit-skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <div className="kit-skeleton-bar kit-skeleton-title" aria-hidden="true" />
      <div className="kit-skeleton-bar kit-skeleton-subtitle" aria-hidden="true" />
      {Array.from({ length: cards }, (_, c) => (
        <div key={c} className="kit-skeleton-card" aria-hidden="true">
          {Array.from({ length: lines }, (_, l) => (
            <div key={l} className="kit-skeleton-bar" style={{ width: `${90 - ((l * 17 + c * 11) % 40)}%` }} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** A few grey lines inside a card or panel that is still loading. */
export function SkeletonLines({ lines = 3, label = 'Loading…' }: { lines?: number; label?: string }) {
  return (
    <div className="kit-skeleton-lines" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, l) => (
        <div key={l} className="kit-skeleton-bar" aria-hidden="true" style={{ width: `${95 - ((l * 23) % 45)}%` }} />
      ))}
    </div>
  );
}

/**
 * The level of a state's title. A state inside a page that has its own h1 (the usual case) is an h2; a state
 * that stands in for the whole page (its data never came) is the page's one h1.
 */
export type StateHeadingLevel = 1 | 2 | 3;

function StateTitle({ level, children }: { level: StateHeadingLevel; children: ReactNode }) {
  const Heading = `h${level}` as const;
  return <Heading className="kit-state-title">{children}</Heading>;
}

export interface ErrorStateProps {
  title?: string;
  /** The title's heading level (default 2: the page around it has the h1). */
  headingLevel?: StateHeadingLevel;
  /** What went wrong; defaults to the server's error text or the house error text. */
  message?: ReactNode;
  error?: unknown;
  /** Shows "Try again". */
  onRetry?: () => void;
  children?: ReactNode;
}

/** A page (or panel) that failed to load: what happened and a "Try again" that calls onRetry. */
export function ErrorState({ title = "We couldn't load this page", headingLevel = 2, message, error, onRetry, children }: ErrorStateProps) {
  const text = message ?? (error instanceof ApiError && error.serverError ? error.serverError : DEFAULT_ERROR_TEXT);
  return (
    <div className="kit-state kit-state-error" role="alert">
      <span className="kit-state-icon">
        <AlertIcon />
      </span>
      <StateTitle level={headingLevel}>{title}</StateTitle>
      <p className="kit-state-text">{text}</p>
      <div className="kit-state-actions">
        {onRetry && (
          <button type="button" className="button button-primary" onClick={onRetry}>
            Try again
          </button>
        )}
        {children}
      </div>
    </div>
  );
}

export interface NotFoundStateProps {
  /** "program", "celebration": used in the title "This program doesn't exist". */
  what?: string;
  title?: string;
  /** The title's heading level (default 2: the page around it has the h1). */
  headingLevel?: StateHeadingLevel;
  message?: ReactNode;
  /** Where to go instead (no "Try again": trying again would not help). */
  backTo?: string;
  backLabel?: string;
}

/** Something that is not there (a 404, another workspace's id): says so and links somewhere useful. */
export function NotFoundState({ what = 'page', title, headingLevel = 2, message, backTo = '/', backLabel = 'Go to the home page' }: NotFoundStateProps) {
  return (
    <div className="kit-state kit-state-not-found" role="region" aria-label="Not found">
      <span className="kit-state-icon">
        <NotFoundIcon />
      </span>
      <StateTitle level={headingLevel}>{title ?? `This ${what} doesn't exist`}</StateTitle>
      <p className="kit-state-text">{message ?? `It may have been deleted, or the link may be wrong.`}</p>
      <div className="kit-state-actions">
        <Link className="button button-primary" to={backTo}>
          {backLabel}
        </Link>
      </div>
    </div>
  );
}

export interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  /** The title's heading level (default 2; 3 inside a section or card whose own title is an h2). */
  headingLevel?: StateHeadingLevel;
  children?: ReactNode;
  action?: ReactNode;
}

/** Nothing to show yet (no programs, no rows): an icon, a sentence and the one action that fixes it. */
export function EmptyState({ icon, title, headingLevel = 2, children, action }: EmptyStateProps) {
  return (
    <div className="kit-state kit-state-empty">
      {icon && <span className="kit-state-icon">{icon}</span>}
      <StateTitle level={headingLevel}>{title}</StateTitle>
      {children && <div className="kit-state-text">{children}</div>}
      {action && <div className="kit-state-actions">{action}</div>}
    </div>
  );
}

/** Whether an error is a 404 (or a 400 from a malformed id, which means the same to a person). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export interface PageStateProps<T> {
  /** A TanStack Query result (or anything shaped like it). */
  query: { data: T | undefined; error: unknown; isError: boolean; refetch: () => unknown };
  /** For the not-found state: "program", "celebration". */
  what?: string;
  backTo?: string;
  backLabel?: string;
  /** 1 when the PageState stands in for the whole page (its h1 is inside `children`); default 2. */
  headingLevel?: StateHeadingLevel;
  skeleton?: ReactNode;
  /** The spec's words for a failed load ("Error loading Intros programs"), instead of the server's or the house text. */
  errorMessage?: string;
  children: (data: T) => ReactNode;
}

/**
 * The three states every page has before its content: loading (a skeleton), error (with Try again) and
 * not found (with a way back, no Try again). Renders `children(data)` once the data is there.
 */
export function PageState<T>({ query, what, backTo, backLabel, headingLevel, skeleton, errorMessage, children }: PageStateProps<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    if (isNotFound(query.error)) return <NotFoundState what={what} backTo={backTo} backLabel={backLabel} headingLevel={headingLevel} />;
    return <ErrorState error={query.error} message={errorMessage} onRetry={() => void query.refetch()} headingLevel={headingLevel} />;
  }
  return <>{skeleton ?? <PageSkeleton />}</>;
}
