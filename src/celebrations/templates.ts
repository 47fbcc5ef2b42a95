// Message templates: defaults, variables and their checks. Pure.
import { authoredMrkdwn, type MrkdwnValue } from '../slack/mrkdwn.js';
import type { ScheduleType } from './api-types.js';

/** Good defaults: warm, short, and never an age. */
export const DEFAULT_TEMPLATES: Record<ScheduleType, string> = {
  birthday: 'Happy birthday, {name}! :birthday: Wishing you a wonderful year ahead.',
  anniversary: 'Happy work anniversary, {name}! :tada: {years} with the team — thank you for all you do.',
  custom: ':tada: Today we celebrate {name}!',
};

export const TEMPLATE_MAX_LENGTH = 1500;

/** Variables each kind of message may use. Birthdays have no {years}: Hearth never mentions age. */
export const TEMPLATE_VARIABLES: Record<ScheduleType, readonly string[]> = {
  birthday: ['name'],
  anniversary: ['name', 'years'],
  custom: ['name', 'years'],
};

/** "1 year", "5 years". */
export function yearsText(years: number): string {
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

/** Why a template cannot be saved, or null when it is fine. */
export function templateProblem(template: string, type: ScheduleType): string | null {
  const text = template.trim();
  if (!text) return 'Write a message';
  if (text.length > TEMPLATE_MAX_LENGTH) return `Keep the message under ${TEMPLATE_MAX_LENGTH} characters`;
  const allowed = TEMPLATE_VARIABLES[type];
  for (const m of text.matchAll(/\{\s*([A-Za-z_]+)\s*\}/g)) {
    const name = m[1]!.toLowerCase();
    if (type === 'birthday' && name === 'years') return 'Birthday messages never mention age: remove {years}';
    if (!allowed.includes(name)) return `Unknown variable {${m[1]}}: use ${allowed.map((v) => `{${v}}`).join(' or ')}`;
  }
  if (type !== 'custom' && !/\{\s*name\s*\}/i.test(text)) return 'Include {name} so everyone knows who is celebrated';
  return null;
}

/**
 * The message as Slack mrkdwn (src/slack/mrkdwn.ts): the editor's text escaped, with Hearth's syntax for deliberate
 * mentions and links, {name} (mentions, a token; or a title, escaped) and {years} filled; a missing {years} renders as
 * nothing rather than a stray brace.
 */
export function renderTemplate(template: string, vars: { name: MrkdwnValue; years?: number | null }): string {
  const normalized = template.replace(/\{\s*(name|years)\s*\}/gi, (_, key: string) => `{${key.toLowerCase()}}`);
  return authoredMrkdwn(normalized, { name: vars.name, years: vars.years === null || vars.years === undefined ? '' : yearsText(vars.years) })
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/** "A", "A and B", "A, B and C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
