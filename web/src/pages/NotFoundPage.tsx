import { Link, useLocation } from 'react-router';
import { PageHeader, useDocumentTitle } from './PageHeader';

export function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found');
  return (
    <section className="not-found">
      <PageHeader title="Page not found" />
      <div className="card">
        <p>
          We couldn't find <code>{pathname}</code>. It may have moved, or the address may have a typo.
        </p>
        <p>
          <Link className="button button-primary" to="/">
            Go to the home page
          </Link>
        </p>
      </div>
    </section>
  );
}
