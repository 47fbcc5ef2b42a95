
/** Who a person is, as every page shows them: their full name and picture (the server sends both). */
export interface PersonLike {
  name: string;
  slack_user_id: string;
  avatar_url?: string | null;
}

/** "Ada Lovelace" → "AL". */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

const TINTS = ['#f6d9c2', '#d9e8f6', '#f8ecc4', '#d7efdf', '#e9dcf3', '#f5d6d9'];

function tintOf(key: string): string {
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return TINTS[hash % TINTS.length]!;
}

/** A member's picture, or their initials on a soft tint. Decorative: the name is always next to it. */
export function Avatar({ person, size = 28 }: { person: PersonLike; size?: number }) {
  if (person.avatar_url) {
    return <img className="person-avatar" src={person.avatar_url} alt="" width={size} height={size} />;
  }
  return (
    <span
      className="person-avatar person-avatar-initials"
      aria-hidden="true"
      style={{ width: size, height: size, background: tintOf(person.slack_user_id || person.name), fontSize: size * 0.4 }}
    >
      {initialsOf(person.name)}
    </span>
  );
}

export function PersonName({ person }: { person: PersonLike }) {
  return (
    <span className="person">
      <Avatar person={person} />
      <span className="person-name">{person.name}</span>
    </span>
  );
}
