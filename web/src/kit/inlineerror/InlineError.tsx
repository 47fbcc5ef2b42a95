import type { ReactNode } from 'react';
import { AlertIcon } from '../icons';
import './inlineerror.css';

export interface InlineErrorProps {
  /** What went wrong, in one sentence. */
  children: ReactNode;
  /** Shows a "Try again" button that calls this. */
  onRetry?: () => void;
  /** Something to do about it after the text (a link "Open it", a "Dismiss" button). */
  action?: ReactNode;
  /** `box` (default): a tinted box for a section or panel that failed; `text`: one red line, in a form or a modal. */
  variant?: 'box' | 'text';
  /** For aria-describedby on the control it is about. */
  id?: string;
  /** Layout only (margins); the look is the kit's. */
  className?: string;
}

/**
 * An error inside a page (a list that failed to load, a save that was refused): the alert icon, the sentence,
 * and optionally "Try again". Announced at once (role=alert). A whole page that failed is `ErrorState`; a
 * field's own error is `Field`'s `error`.
 */
export function InlineError({ children, onRetry, action, variant = 'box', id, className }: InlineErrorProps) {
  return (
    <div id={id} role="alert" className={['kit-inline-error', `kit-inline-error-${variant}`, className].filter(Boolean).join(' ')}>
      <AlertIcon />
      <span className="kit-inline-error-text">{children}</span>
      {(onRetry || action) && (
        <span className="kit-inline-error-actions">
          {action}
          {onRetry && (
            <button type="button" className="button button-secondary button-small" onClick={onRetry}>
              Try again
            </button>
          )}
        </span>
      )}
    </div>
  );
}
