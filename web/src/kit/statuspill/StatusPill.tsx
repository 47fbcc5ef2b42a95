import type { ReactNode } from 'react';
import './statuspill.css';

/** What a state means to the reader: done, in progress, needs attention, failed, or neither. */
export type StatusTone = 'success' | 'info' | 'warning' | 'error' | 'neutral';

/** A state in words on a tinted pill ("Enrolled", "In progress"): callers pass the words, never a raw state value. */
export function StatusPill({ tone = 'neutral', children }: { tone?: StatusTone; children: ReactNode }) {
  return <span className={`kit-status-pill kit-status-${tone}`}>{children}</span>;
}
