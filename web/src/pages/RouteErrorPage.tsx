import { Link } from 'react-router';
import { DEFAULT_ERROR_TEXT } from '../kit/messages';

/** A page that crashed while rendering: say so plainly and offer a way on. */
export function RouteErrorPage({ error }: { error: unknown }) {
  if (error) console.error(error);
  return (
    <div className="page-error" role="alert">
      <h1>Something broke on this page</h1>
      <p>{DEFAULT_ERROR_TEXT}</p>
      <p className="button-row">
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link className="button button-secondary" to="/">
          Home
        </Link>
      </p>
    </div>
  );
}
