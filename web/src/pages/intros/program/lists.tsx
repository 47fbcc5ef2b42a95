import { useState } from 'react';
import type { PageInfo } from '../introsApi';

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The page of a list, back to the first whenever `key` (the search and filter) changes. */
export function usePage(key: string): [number, (page: number) => void] {
  const [at, setAt] = useState({ key, page: 1 });
  return [at.key === key ? at.page : 1, (page) => setAt({ key, page })];
}

export function SearchField({ label, value, onChange }: { label: string; value: string; onChange: (text: string) => void }) {
  return (
    <label className="search-field">
      <span className="visually-hidden">{label}</span>
      <input className="kit-input" type="search" placeholder={label} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

export function Pager({ info, label, onPage }: { info: PageInfo; label: string; onPage: (page: number) => void }) {
  if (info.page === 1 && info.next_page === null) return null;
  const from = Math.min(info.total, (info.page - 1) * info.per + 1);
  const to = Math.min(info.total, info.page * info.per);
  return (
    <nav className="pager" aria-label={label}>
      <span className="muted small">
        {from}–{to} of {info.total}
      </span>
      <button type="button" className="button button-secondary" disabled={info.page <= 1} onClick={() => onPage(info.page - 1)}>
        Previous
      </button>
      <button type="button" className="button button-secondary" disabled={info.next_page === null} onClick={() => info.next_page && onPage(info.next_page)}>
        Next
      </button>
    </nav>
  );
}
