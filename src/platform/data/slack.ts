import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import type { KnownBlock } from '@slack/types';
import type { PeopleService } from '../../people/service.js';
import type { Subcommand } from '../../slack/commands.js';
import type { WorkspaceRepository } from '../../workspaces/repository.js';
import type { OpenData } from './service.js';

export const DELETE_MY_DATA_ACTION = 'data_delete_mine';

const NOTHING_HELD = "Hearth hasn't met you yet, so it holds no data about you.";
export const DELETED_TEXT = ':wastebasket: Done: Hearth deleted your data. Groups you met in and shoutouts you gave or received stay in other people’s history, without your name.';

/** `/hearth my-data`: where to export it, and a button (with Slack's own confirmation) that deletes it. */
export function myDataBlocks(publicUrl: string): KnownBlock[] {
  return [
    {
      type: 'section',
      text: { type: 'mrkdwn', text: `*Your data in Hearth*\nDownload everything Hearth holds about you (one JSON file) from <${publicUrl}/settings/data|your data page>, or delete it.` },
    },
    {
      type: 'actions',
      elements: [
        {
          type: 'button',
          action_id: DELETE_MY_DATA_ACTION,
          style: 'danger',
          text: { type: 'plain_text', text: 'Delete my data' },
          confirm: {
            title: { type: 'plain_text', text: 'Delete your data?' },
            text: { type: 'mrkdwn', text: 'Hearth deletes your profile, settings, dates, preferences, points and answers, and removes your name from what stays in other people’s history. This cannot be undone.' },
            confirm: { type: 'plain_text', text: 'Delete my data' },
            deny: { type: 'plain_text', text: 'Cancel' },
            style: 'danger',
          },
        },
      ],
    },
  ];
}

/** A member's data rights from Slack: `/hearth my-data` and its "Delete my data" button. */
export function myDataSlack(data: OpenData, people: PeopleService, workspaces: WorkspaceRepository, publicUrl: string) {
  const command: Subcommand = {
    name: 'my-data',
    usage: 'my-data — export or delete what Hearth holds about you',
    run: async (ctx) => (ctx.member ? { text: 'Your data in Hearth: export it or delete it.', blocks: myDataBlocks(publicUrl) } : { text: NOTHING_HELD }),
  };
  const listener = (app: App): void => {
    app.action<BlockAction<ButtonAction>>(DELETE_MY_DATA_ACTION, async ({ ack, body, respond }) => {
      await ack();
      const workspace = await workspaces.ensure(body.team?.id ?? body.user.team_id ?? '', body.enterprise?.id ?? null);
      const member = await people.bySlackId(workspace.id, body.user.id);
      if (member) await data.eraseMine(workspace, member.id);
      await respond({ response_type: 'ephemeral', replace_original: true, text: member ? DELETED_TEXT : NOTHING_HELD });
    });
  };
  return { command, listener };
}
