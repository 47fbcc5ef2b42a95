import { useLocation } from 'react-router';
import type { PageDef } from '../routes';
import { PageHeader } from './PageHeader';

/** Stands in for a page that is not built yet: it names the page and says it is coming (never blank, never 404). */
export function PlaceholderPage({ page }: { page: PageDef }) {
  const { pathname } = useLocation();
  return (
    <section className="placeholder" aria-labelledby="placeholder-title" data-page={page.path}>
      <PageHeader title={<span id="placeholder-title">{page.title}</span>} />
      <div className="card placeholder-card">
        <p className="placeholder-lead">
          <strong>{page.title}</strong> is coming soon.
        </p>
        <p className="muted">
          This page (<code>{pathname}</code>) is part of Hearth and is still being built. Everything else in the menu
          keeps working in the meantime.
        </p>
      </div>
    </section>
  );
}
