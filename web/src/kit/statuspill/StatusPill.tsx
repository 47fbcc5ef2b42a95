import type { ReactNode } from 'react';
import './statuspill.css';

/** What a state means to the reader: done, in progress, needs attention, failed, or neither. */
export type StatusTone = 'success' | 'info' | 'warning' | 'error' | 'neutral';

/** A state in words on a tinted pill ("Enrolled", "In progress"): callers pass the words, never a raw state value. */
export function StatusPill({ tone = 'neutral', children }: { tone?: StatusTone; children: ReactNode }) {
  return <span className={`kit-status-pill kit-status-${tone}`}>{children}</span>;
}

/** A kind's accent colour (styles.css --accent-*): Intros ember, Watercooler sky, Celebrations sun; a journey's flow
 *  (lib/labels FLOW_ACCENTS) uses leaf and plum as well, and plain for a kind with no colour of its own ("Other"). */
export type BadgeAccent = 'ember' | 'sky' | 'sun' | 'leaf' | 'plum' | 'plain';

/** Which kind a thing is ("Intros", "Watercooler") on its kind's accent colour: a name, never a state (StatusPill). */
export function KindBadge({ accent, children }: { accent: BadgeAccent; children: ReactNode }) {
  return <span className={`kit-status-pill kit-badge-${accent}`}>{children}</span>;
}
