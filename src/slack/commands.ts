import type { KnownBlock } from '@slack/types';
import type { SlackRequester } from './requester.js';

export interface CommandReply {
  text: string;
  blocks?: KnownBlock[];
}

export interface CommandContext extends SlackRequester {
  userId: string;
  channelId: string;
  /** Words after the subcommand. */
  args: string[];
  triggerId: string;
}

export interface Subcommand {
  name: string;
  /** One line for `/hearth help`: the command, " — ", what it does; e.g. "snooze [days] — pause your intros". */
  usage: string;
  run(ctx: CommandContext): Promise<CommandReply>;
}

/** `/hearth <subcommand> …`: each program registers its subcommands; `help` lists them. */
export class SlashCommands {
  private readonly subcommands = new Map<string, Subcommand>();

  register(sub: Subcommand): void {
    if (this.subcommands.has(sub.name)) throw new Error(`/hearth ${sub.name} registered twice`);
    this.subcommands.set(sub.name, sub);
  }

  find(name: string): Subcommand | undefined {
    return this.subcommands.get(name);
  }

  list(): Subcommand[] {
    return [...this.subcommands.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}

/** Splits "/hearth snooze 7" into the subcommand and its words; no text means help. */
export function parseCommandText(text: string): { name: string; args: string[] } {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return { name: (words[0] ?? 'help').toLowerCase(), args: words.slice(1) };
}
