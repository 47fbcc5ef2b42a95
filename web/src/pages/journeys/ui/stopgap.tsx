// Smallest stand-ins for the kit's Tabs, SegmentedControl, Switch and PageState (branch `kit`), with the same
// props, until that branch is merged; then these imports switch to '../../../kit' and this file goes.
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { AlertIcon, Spinner } from '../../../kit';
import './stopgap.css';

export interface TabItem<T extends string = string> {
  id: T;
  label: ReactNode;
  icon?: ReactNode;
  count?: number;
  disabled?: boolean;
  content?: ReactNode;
}

export function Tabs<T extends string = string>({ label, items, value, onChange, className }: { label: string; items: readonly TabItem<T>[]; value?: T; onChange?: (id: T) => void; className?: string }) {
  const id = useId();
  const selected = value ?? items[0]?.id;
  const onKeyDown = (event: KeyboardEvent) => {
    const at = items.findIndex((i) => i.id === selected);
    let next: TabItem<T> | undefined;
    if (event.key === 'ArrowRight') next = items[(at + 1) % items.length];
    else if (event.key === 'ArrowLeft') next = items[(at - 1 + items.length) % items.length];
    if (!next) return;
    event.preventDefault();
    onChange?.(next.id);
    (event.currentTarget.querySelector(`[data-tab="${next.id}"]`) as HTMLElement | null)?.focus();
  };
  const current = items.find((i) => i.id === selected);
  return (
    <div className={['kit-tabs', className].filter(Boolean).join(' ')}>
      <div role="tablist" aria-label={label} className="kit-tablist" onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            data-tab={item.id}
            id={`${id}-${item.id}`}
            aria-selected={item.id === selected}
            aria-controls={`${id}-panel`}
            tabIndex={item.id === selected ? 0 : -1}
            disabled={item.disabled}
            className="kit-tab"
            onClick={() => onChange?.(item.id)}
          >
            {item.icon}
            <span>{item.label}</span>
            {item.count !== undefined && <span className="kit-tab-count">{item.count}</span>}
          </button>
        ))}
      </div>
      {current?.content !== undefined && (
        <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${current.id}`} className="kit-tabpanel">
          {current.content}
        </div>
      )}
    </div>
  );
}

export interface SegmentOption<T extends string = string> {
  value: T;
  label: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
}

export function SegmentedControl<T extends string = string>({ label, hideLabel, options, value, onChange, className }: { label: string; hideLabel?: boolean; options: readonly SegmentOption<T>[]; value: T; onChange: (value: T) => void; size?: 'small' | 'medium'; className?: string }) {
  const id = useId();
  return (
    <div className={['kit-segmented-field', className].filter(Boolean).join(' ')}>
      <span id={`${id}-label`} className={hideLabel ? 'visually-hidden' : 'kit-segmented-label'}>
        {label}
      </span>
      <div role="radiogroup" aria-labelledby={`${id}-label`} className="kit-segmented">
        {options.map((o) => (
          <button key={o.value} type="button" role="radio" aria-checked={o.value === value} disabled={o.disabled} className="kit-segment" onClick={() => onChange(o.value)}>
            {o.icon}
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}

export function Switch({ checked, onChange, label, hideLabel, disabled, className }: { checked: boolean; onChange: (checked: boolean) => void; label: ReactNode; hideLabel?: boolean; disabled?: boolean; size?: 'small' | 'medium'; className?: string }) {
  const id = useId();
  return (
    <div className={['kit-switch', checked ? 'is-on' : '', className].filter(Boolean).join(' ')}>
      <button type="button" role="switch" aria-checked={checked} aria-labelledby={`${id}-label`} disabled={disabled} className="kit-switch-track" onClick={() => onChange(!checked)}>
        <span className="kit-switch-thumb" />
      </button>
      <span id={`${id}-label`} className={hideLabel ? 'visually-hidden' : 'kit-switch-label'}>
        {label}
      </span>
    </div>
  );
}

export function EmptyState({ icon, title, children, action }: { icon?: ReactNode; title: ReactNode; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="kit-state kit-state-empty">
      {icon && <span className="kit-state-icon">{icon}</span>}
      <h2 className="kit-state-title">{title}</h2>
      {children && <div className="kit-state-text">{children}</div>}
      {action && <div className="kit-state-actions">{action}</div>}
    </div>
  );
}

export function PageState<T>({ query, what = 'page', backTo = '/', backLabel = 'Go to the home page', children }: { query: { data: T | undefined; error: unknown; isError: boolean; refetch: () => unknown }; what?: string; backTo?: string; backLabel?: string; skeleton?: ReactNode; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return (
        <div className="kit-state" role="alert">
          <h2 className="kit-state-title">We couldn't find that {what}</h2>
          <Link className="button button-secondary" to={backTo}>
            {backLabel}
          </Link>
        </div>
      );
    return (
      <div className="kit-state" role="alert">
        <AlertIcon /> <h2 className="kit-state-title">We couldn't load this page</h2>
        <button type="button" className="button button-secondary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="page-loading" role="status">
      <Spinner /> Loading…
    </div>
  );
}

/** The kit's TimeZoneSelect, as a native select of the zones this browser knows. */
export function TimeZoneSelect({ value, onChange, label = 'Time zone', id, className }: { value: string; onChange: (zone: string) => void; label?: string; disabled?: boolean; id?: string; className?: string }) {
  const own = useId();
  const zones = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? ['UTC'];
  const list = zones.includes(value) ? zones : [value, ...zones];
  return (
    <div className={['form-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id ?? own}>{label}</label>
      <select id={id ?? own} value={value} onChange={(e) => onChange(e.target.value)}>
        {list.map((z) => (
          <option key={z} value={z}>
            {z.replace(/_/g, ' ')}
          </option>
        ))}
      </select>
    </div>
  );
}
