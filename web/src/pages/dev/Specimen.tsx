import type { ReactNode } from 'react';

/** One component on the kit page: a heading, a line on when to use it, and its states side by side. */
export function Specimen({ id, title, use, children }: { id: string; title: string; use: string; children: ReactNode }) {
  return (
    <section className="card kit-specimen" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">{title}</h2>
      <p className="muted">{use}</p>
      <div className="kit-specimen-states">{children}</div>
    </section>
  );
}

export function State({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <figure className={wide ? 'kit-state-box is-wide' : 'kit-state-box'}>
      <figcaption className="eyebrow-text">{label}</figcaption>
      <div>{children}</div>
    </figure>
  );
}
