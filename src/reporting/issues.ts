import type { FlowType } from '../journeys/api-types.js';
import { FAILED_DELIVERIES_PATH } from '../outbox/api-types.js';

/**
 * The attention-required issues' words and links, one place for each type: a sentence naming the event, the
 * journey and what is missing (like the overdue ones' "2 of 3 task assignments not completed"), and the page where
 * an admin fixes it. Events recorded before they carried names get the plain sentence and no link.
 */
interface About {
  tagId: number;
  eventTitle?: string | undefined;
  journeyName?: string | undefined;
  flowType?: FlowType | undefined;
}
export interface IssueText {
  detail: string;
  fix_path: string | null;
  fix_label: string | null;
}

const quoted = (a: About) => (a.eventTitle ? `“${a.eventTitle}”` : 'a message');
const inJourney = (a: About) => (a.journeyName ? ` in ${a.journeyName}` : '');
/** The journey's page (its flow decides /onboarding or /participants) on one tab. */
const journeyTab = (a: About, tab: 'people' | 'schedule') => (a.flowType ? `/${a.flowType === 'onboarding' ? 'onboarding' : 'participants'}/tags/${a.tagId}?tab=${tab}` : null);
const orList = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`);

export function missingRoleText(a: About & { roleId: number; roleName?: string | undefined }): IssueText {
  if (!a.roleName) return { detail: `No one is assigned to role ${a.roleId}`, fix_path: null, fix_label: null };
  const path = journeyTab(a, 'people');
  return { detail: `${quoted(a)}${inJourney(a)} was not sent: nobody is the ${a.roleName}`, fix_path: path, fix_label: path && `Fill the ${a.roleName} role` };
}

export function connectionsText(a: About & { roleNames: string[] }): IssueText {
  const path = journeyTab(a, 'people');
  return { detail: `${quoted(a)}${inJourney(a)} was not sent: no strategic connections selected (nobody is the ${orList(a.roleNames)})`, fix_path: path, fix_label: path && 'Choose whom to introduce' };
}

/**
 * A message Slack refused for good: what, to whom, and why in the outbox's words; fixed from the journey's People tab.
 * Or one Hearth couldn't confirm: checked in Slack, and tried again from the deliveries page.
 */
export function deliveryFailedText(a: About & { code: string; reason: string; recipientName: string | null }): IssueText {
  // Not confirmed (its answer was lost where Hearth can't look): the reason says what to check; Try again is with the deliveries.
  if (a.code === 'outcome_unknown') return { detail: `${quoted(a)}${inJourney(a)}${a.recipientName ? ` (to ${a.recipientName})` : ''}: ${a.reason}`, fix_path: FAILED_DELIVERIES_PATH, fix_label: 'Check it, then try again' };
  const path = journeyTab(a, 'people');
  return { detail: `${quoted(a)}${inJourney(a)} was not delivered${a.recipientName ? ` to ${a.recipientName}` : ''}: ${a.reason}`, fix_path: path, fix_label: path && 'See who didn’t get it' };
}

export function channelText(a: About): IssueText {
  const path = journeyTab(a, 'schedule');
  return { detail: `${quoted(a)}${inJourney(a)} was not posted: no channel selected`, fix_path: path, fix_label: path && 'Choose a channel' };
}
