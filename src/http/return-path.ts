/**
 * The one check of a "return to" path, used by the server's sign-in and by the pages (dependency free, so the
 * pages import this very file). Browsers drop tabs and line breaks from URLs and read a backslash as a slash, so
 * "/\t/evil.example" would leave the site: the value is parsed the way a browser parses it, and kept only when it
 * stays on this site. Anything else is "/".
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return '/';
  const here = 'http://hearth.invalid';
  let url: URL;
  try {
    url = new URL(value, here);
  } catch {
    return '/';
  }
  return url.origin === here ? `${url.pathname}${url.search}${url.hash}` : '/';
}
