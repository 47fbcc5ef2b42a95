import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './segmented.css';

export interface SegmentOption<T extends string = string> {
  value: T;
  label: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
}

export interface SegmentedControlProps<T extends string = string> {
  /** The accessible name of the group; shown above unless `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  options: readonly SegmentOption<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  size?: 'small' | 'medium';
  className?: string;
}

/** A few mutually exclusive choices side by side (a radiogroup): "Weekly | Every 2 weeks | Monthly". */
export function SegmentedControl<T extends string = string>({ label, hideLabel, options, value, onChange, disabled, size = 'medium', className }: SegmentedControlProps<T>) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const enabled = options.filter((o) => !o.disabled);
  const onKeyDown = (event: KeyboardEvent) => {
    const at = enabled.findIndex((o) => o.value === value);
    let next: SegmentOption<T> | undefined;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = enabled[(at + 1) % enabled.length];
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = enabled[(at - 1 + enabled.length) % enabled.length];
    if (!next) return;
    event.preventDefault();
    onChange(next.value);
    ref.current?.querySelector<HTMLElement>(`[data-value="${CSS.escape(next.value)}"]`)?.focus();
  };
  return (
    <div className={['kit-segmented-field', className].filter(Boolean).join(' ')}>
      <span id={`${id}-label`} className={hideLabel ? 'visually-hidden' : 'kit-segmented-label'}>
        {label}
      </span>
      <div ref={ref} role="radiogroup" aria-labelledby={`${id}-label`} aria-disabled={disabled || undefined} className={`kit-segmented kit-segmented-${size}`} onKeyDown={onKeyDown}>
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              role="radio"
              aria-checked={checked}
              data-value={option.value}
              tabIndex={checked ? 0 : -1}
              disabled={disabled || option.disabled}
              className={checked ? 'kit-segment is-checked' : 'kit-segment'}
              onClick={() => onChange(option.value)}
            >
              {option.icon && <span className="kit-segment-icon">{option.icon}</span>}
              {option.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
