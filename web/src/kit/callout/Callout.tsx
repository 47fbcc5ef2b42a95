import type { ReactNode } from 'react';
import './callout.css';

export interface CalloutProps {
  /** info: something to act on; warning: something that stops or fails. */
  tone?: 'info' | 'warning';
  children: ReactNode;
  /** A button or link that acts on it, at the end. */
  action?: ReactNode;
  'data-testid'?: string;
}

/** A sentence across the top of a page or section that asks for attention, with the one action that answers it. */
export function Callout({ tone = 'info', children, action, 'data-testid': testId }: CalloutProps) {
  return (
    <div className={`callout callout-${tone}`} role="status" data-testid={testId}>
      <p className="callout-text">{children}</p>
      {action && <div className="callout-action">{action}</div>}
    </div>
  );
}
