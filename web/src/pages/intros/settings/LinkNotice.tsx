import { Link } from 'react-router';

/** The not-linked notice under a field, with the way to link the account. */
export function LinkNotice({ text }: { text: string }) {
  return (
    <p className="kit-field-hint" role="note">
      {text} <Link to="/integrations">Link it in Integrations</Link>.
    </p>
  );
}
