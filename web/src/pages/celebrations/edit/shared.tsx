import { initials } from '../celebrationsApi';

export { SAVE_ERROR_TEXT, useRefresh } from '../celebrationsApi';
export const PEOPLE_SEARCH = { path: '/people/search' };

export const pad = (n: number) => String(n).padStart(2, '0');

export function Avatar({ name, url }: { name: string | null; url: string | null }) {
  return url ? <img className="person-avatar cel-avatar" src={url} alt="" /> : <span className="person-avatar avatar-empty small cel-avatar cel-avatar-initials">{initials(name)}</span>;
}

