import type { HomeView, KnownBlock } from '@slack/types';

export const HOME_BLOCK_LIMIT = 100;

export interface HomeViewInput {
  memberName: string;
  isAdmin: boolean;
  adminUrl: string;
  /** Each program's part of the home tab, in order; empty sections are left out. */
  sections: KnownBlock[][];
}

/** The home tab: a greeting, each program's section, and admin links. Stays within Slack's 100 blocks. */
export function buildHomeView(input: HomeViewInput): HomeView {
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: `Welcome to Hearth, ${input.memberName || 'friend'}` } },
    {
      type: 'section',
      text: { type: 'mrkdwn', text: 'Hearth runs your workspace\'s community programs: intros, watercooler prompts, celebrations and journeys.' },
    },
  ];
  const programSections = input.sections.filter((s) => s.length > 0);
  if (programSections.length === 0)
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: "You're not in any Hearth program yet. Type `/hearth help` to see what you can do." }] });
  for (const section of programSections) blocks.push({ type: 'divider' }, ...section);
  if (input.isAdmin)
    blocks.push(
      { type: 'divider' },
      {
        type: 'section',
        text: { type: 'mrkdwn', text: '*Admin*\nSet up programs, see reports and manage billing in the admin pages.' },
        accessory: { type: 'button', text: { type: 'plain_text', text: 'Open admin pages' }, url: input.adminUrl, action_id: 'home_open_admin' },
      },
    );
  if (blocks.length > HOME_BLOCK_LIMIT) {
    blocks.length = HOME_BLOCK_LIMIT - 1;
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `More in the admin pages: <${input.adminUrl}|open Hearth>` }] });
  }
  return { type: 'home', blocks };
}
