import type { KnownBlock } from '@slack/types';
import type { CommandReply, Subcommand } from '../commands.js';

/** The answer to `/hearth help`: what the command can do, and where the rest lives. */
export function helpReply(subcommands: Subcommand[], opts: { adminUrl: string; unknown?: string }): CommandReply {
  const line = (usage: string) => {
    const [command, description] = usage.split(' — ');
    return description ? `\`/hearth ${command}\` — ${description}` : `\`/hearth ${command}\``;
  };
  const lines = [line('help — show this list'), ...subcommands.filter((s) => s.name !== 'help').map((s) => line(s.usage))];
  const blocks: KnownBlock[] = [];
  if (opts.unknown)
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `:thinking_face: I don't know \`${opts.unknown}\`. Here is what I can do:` } });
  blocks.push(
    { type: 'header', text: { type: 'plain_text', text: 'Hearth commands' } },
    { type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } },
    {
      type: 'context',
      elements: [{ type: 'mrkdwn', text: `Your programs and preferences are on the app's *Home* tab. Admins: <${opts.adminUrl}|open the admin pages>.` }],
    },
  );
  const text = (opts.unknown ? `I don't know "${opts.unknown}". ` : '') + 'Hearth commands: ' + ['help', ...subcommands.map((s) => s.name)].join(', ');
  return { text, blocks };
}
