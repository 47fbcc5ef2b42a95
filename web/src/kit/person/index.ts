export { Avatar, initialsOf, PersonName } from './PersonName';
export type { PersonLike } from './PersonName';
