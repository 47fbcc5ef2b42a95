/** JSON as Slack sends it: the blocks, their elements and what an input holds. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
/** What an element holds: a text, an option value, a user id, a date … or several. */
export type Raw = string | string[] | null;

/** A person a users select offers. */
export interface BlockMember {
  id: string;
  name: string;
  real_name: string;
  title: string;
  is_bot: boolean;
  deleted: boolean;
}
