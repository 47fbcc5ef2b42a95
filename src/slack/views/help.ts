import type { KnownBlock } from '@slack/types';
import type { CommandReply, Subcommand } from '../commands.js';

function commandLines(subcommands: Subcommand[]): string[] {
  const line = (usage: string) => {
    const [command, description] = usage.split(' — ');
    return description ? `\`/hearth ${command}\` — ${description}` : `\`/hearth ${command}\``;
  };
  return [line('help — show this list'), ...subcommands.filter((s) => s.name !== 'help').map((s) => line(s.usage))];
}

function homeContext(adminUrl: string): KnownBlock {
  return {
    type: 'context',
    elements: [{ type: 'mrkdwn', text: `Your programs and preferences are on the app's *Home* tab. Admins: <${adminUrl}|open the admin pages>.` }],
  };
}

/** The answer to `/hearth help`: what the command can do, and where the rest lives. */
export function helpReply(subcommands: Subcommand[], opts: { adminUrl: string; unknown?: string }): CommandReply {
  const blocks: KnownBlock[] = [];
  if (opts.unknown)
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `:thinking_face: I don't know \`${opts.unknown}\`. Here is what I can do:` } });
  blocks.push(
    { type: 'header', text: { type: 'plain_text', text: 'Hearth commands' } },
    { type: 'section', text: { type: 'mrkdwn', text: commandLines(subcommands).join('\n') } },
    homeContext(opts.adminUrl),
  );
  const text = (opts.unknown ? `I don't know "${opts.unknown}". ` : '') + 'Hearth commands: ' + ['help', ...subcommands.map((s) => s.name)].join(', ');
  return { text, blocks };
}

/**
 * The answer to a message in Hearth's Messages tab: Hearth does not read what people write to it, so it says
 * so, and what they can do instead.
 */
export function dmHelpReply(subcommands: Subcommand[], opts: { adminUrl: string }): CommandReply {
  const intro = "Hi! I'm Hearth. I don't read messages here, but here is what you can do: type these commands in any channel or DM.";
  return {
    text: `${intro} Hearth commands: ${['help', ...subcommands.map((s) => s.name)].join(', ')}`,
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: intro } }, { type: 'section', text: { type: 'mrkdwn', text: commandLines(subcommands).join('\n') } }, homeContext(opts.adminUrl)],
  };
}
