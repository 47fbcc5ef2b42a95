import { useId } from 'react';
import { Spinner } from '../icons';
import './switch.css';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The accessible name ("Turn intros on"). Shown beside the switch unless `hideLabel`. */
  label: React.ReactNode;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  /** A line under the label. */
  description?: React.ReactNode;
  /** Words shown next to the track for the two states, e.g. ['On', 'Paused']. */
  stateText?: readonly [on: string, off: string];
  disabled?: boolean;
  /** Saving: the switch shows a spinner and ignores clicks. */
  busy?: boolean;
  size?: 'small' | 'medium';
  className?: string;
}

/** The one on/off switch (role=switch): a button with a sliding thumb, a label, and an optional busy state. */
export function Switch({ checked, onChange, label, hideLabel, description, stateText, disabled, busy, size = 'medium', className }: SwitchProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descId = description ? `${id}-desc` : undefined;
  return (
    <div className={['kit-switch', `kit-switch-${size}`, checked ? 'is-on' : '', disabled ? 'is-disabled' : '', className].filter(Boolean).join(' ')}>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={descId}
        aria-busy={busy || undefined}
        disabled={disabled}
        className="kit-switch-button"
        onClick={() => {
          if (!busy) onChange(!checked);
        }}
      >
        <span className="kit-switch-track" aria-hidden="true">
          <span className="kit-switch-thumb">{busy && <Spinner title="" />}</span>
        </span>
        {stateText && (
          <span className="kit-switch-state" aria-hidden="true">
            {checked ? stateText[0] : stateText[1]}
          </span>
        )}
      </button>
      <span className="kit-switch-text">
        <span id={labelId} className={hideLabel ? 'visually-hidden' : 'kit-switch-label'}>
          {label}
        </span>
        {description && (
          <span id={descId} className="kit-switch-description">
            {description}
          </span>
        )}
      </span>
    </div>
  );
}
