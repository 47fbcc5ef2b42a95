import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem<T extends string = string> {
  id: T;
  label: ReactNode;
  icon?: ReactNode;
  /** A small count after the label ("Members 24"). */
  count?: number;
  disabled?: boolean;
  /** The panel; omit when the caller renders content itself from `value`. */
  content?: ReactNode;
}

export interface TabsProps<T extends string = string> {
  /** The accessible name of the tab list. */
  label: string;
  items: readonly TabItem<T>[];
  /** Controlled selection; with `onChange`. */
  value?: T;
  defaultValue?: T;
  onChange?: (id: T) => void;
  className?: string;
}

/**
 * Tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs; the selected tab's `content`
 * is rendered in a tabpanel. Controlled (`value`/`onChange`) or not (`defaultValue`).
 */
export function Tabs<T extends string = string>({ label, items, value, defaultValue, onChange, className }: TabsProps<T>) {
  const id = useId();
  const [own, setOwn] = useState<T | undefined>(defaultValue ?? items.find((i) => !i.disabled)?.id);
  const selected = value ?? own;
  const listRef = useRef<HTMLDivElement>(null);
  const select = (next: T) => {
    setOwn(next);
    onChange?.(next);
  };
  const enabled = items.filter((i) => !i.disabled);
  const onKeyDown = (event: KeyboardEvent) => {
    const at = enabled.findIndex((i) => i.id === selected);
    let next: TabItem<T> | undefined;
    if (event.key === 'ArrowRight') next = enabled[(at + 1) % enabled.length];
    else if (event.key === 'ArrowLeft') next = enabled[(at - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    event.preventDefault();
    select(next.id);
    listRef.current?.querySelector<HTMLElement>(`[data-tab="${CSS.escape(next.id)}"]`)?.focus();
  };
  const current = items.find((i) => i.id === selected);
  return (
    <div className={['kit-tabs', className].filter(Boolean).join(' ')}>
      <div role="tablist" aria-label={label} className="kit-tablist" ref={listRef} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const isSelected = item.id === selected;
          return (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={`${id}-tab-${item.id}`}
              data-tab={item.id}
              aria-selected={isSelected}
              aria-controls={item.content !== undefined ? `${id}-panel-${item.id}` : undefined}
              tabIndex={isSelected ? 0 : -1}
              disabled={item.disabled}
              className={isSelected ? 'kit-tab is-selected' : 'kit-tab'}
              onClick={() => select(item.id)}
            >
              {item.icon && <span className="kit-tab-icon">{item.icon}</span>}
              <span>{item.label}</span>
              {item.count !== undefined && <span className="kit-tab-count">{item.count}</span>}
            </button>
          );
        })}
      </div>
      {current?.content !== undefined && (
        <div role="tabpanel" id={`${id}-panel-${current.id}`} aria-labelledby={`${id}-tab-${current.id}`} className="kit-tabpanel" tabIndex={0}>
          {current.content}
        </div>
      )}
    </div>
  );
}
