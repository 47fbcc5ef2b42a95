import type { CommandContext, CommandReply } from '../slack/commands.js';
import { CALENDAR_NOT_LINKED_TEXT } from './api-types.js';
import type { CalendarsService } from './calendars.js';
import type { IntegrationsDeps } from './deps.js';

/** Slack shows a date in each reader's own zone: `<!date^…>`. */
const slackTime = (d: Date) => `<!date^${Math.floor(d.getTime() / 1000)}^{date_short_pretty} at {time}|${d.toISOString()}>`;

/**
 * `/hearth times @someone …`: half-hour times in the coming week when the caller and the people named are all
 * free, from their linked calendars (Google, Microsoft). Without a calendar of their own, the caller gets the
 * spec's "not linked yet" message and where to link one.
 */
export async function suggestTimesCommand(s: Pick<IntegrationsDeps, 'people' | 'config'>, calendars: CalendarsService, ctx: CommandContext): Promise<CommandReply> {
  if (!ctx.member) return { text: "Hearth hasn't met you yet. Try again in a few minutes." };
  const mentioned = [...new Set([...ctx.args.join(' ').matchAll(/<@([A-Z0-9]+)(?:\|[^>]*)?>/g)].map((m) => m[1]!))].filter((id) => id !== ctx.userId);
  if (!mentioned.length) return { text: 'Name who to meet: `/hearth times @someone @someone-else`.' };
  const members = (await Promise.all(mentioned.map((id) => s.people.bySlackId(ctx.workspace.id, id)))).filter((m) => m !== undefined);
  const found = await calendars.suggestTimes(ctx.workspace.id, { id: ctx.member.id, tz: ctx.member.tz ?? ctx.workspace.default_tz }, members.map((m) => m.id));
  if (!found) return { text: `${CALENDAR_NOT_LINKED_TEXT} Link a calendar at ${s.config.publicUrl}/integrations.` };
  const who = mentioned.map((id) => `<@${id}>`).join(', ');
  const missing = members.filter((m) => found.withoutCalendar.includes(m.id)).map((m) => `<@${m.slack_user_id}>`);
  const lines = [
    found.slots.length ? `Times in the coming week when you and ${who} are free:` : `I couldn't find a free half hour in the coming week for you and ${who}.`,
    ...found.slots.map((slot) => `• ${slackTime(slot)}`),
    ...(missing.length ? [`_${missing.join(', ')} ${missing.length === 1 ? "hasn't" : "haven't"} linked a calendar, so their busy times aren't counted._`] : []),
  ];
  return { text: lines.join('\n') };
}
