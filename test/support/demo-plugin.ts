import type { BlockAction, ButtonAction } from '@slack/bolt';
import type { KnownBlock } from '@slack/types';
import { defineCapability, type Capability, type ServiceName } from '../../src/platform/capability.js';
import type { PlatformServices } from '../../src/platform/services.js';

/**
 * A test-only plugin exercising every kind of Slack round trip through the sandbox, using only what real
 * programs use (a subcommand, the outbox, Bolt listeners):
 *   /hearth demo       → DMs the member a message with buttons (through the outbox)
 *   "Mark done" click  → chat.update of that message (through the outbox) and an ephemeral via response_url
 *   "Open form" click  → views.open of a modal whose "age" must be a whole number (errors otherwise)
 *   Submitting the name "push", "update" or "clear" answers with that response_action instead
 */
export const DEMO = {
  command: 'demo',
  doneAction: 'demo_done',
  formAction: 'demo_form_open',
  colourAction: 'demo_colour',
  formCallback: 'demo_form',
  ageBlock: 'age_block',
  ageAction: 'age',
  nameBlock: 'name_block',
  nameAction: 'name',
  teamBlock: 'team_block',
  teamAction: 'team',
} as const;

export interface DemoSeen {
  actions: BlockAction[];
  submissions: Array<{ values: Record<string, Record<string, unknown>>; user: string }>;
}

export function demoMessageBlocks(done: boolean): KnownBlock[] {
  return [
    { type: 'header', text: { type: 'plain_text', text: 'Your demo task' } },
    {
      type: 'section',
      text: { type: 'mrkdwn', text: done ? ':white_check_mark: *Done!* Thanks <@U0DEMOADMIN>.' : 'Please *confirm* you read <#C0DEMOGEN>. :wave:' },
      ...(done
        ? {}
        : {
            accessory: {
              type: 'static_select',
              action_id: DEMO.colourAction,
              placeholder: { type: 'plain_text', text: 'Pick a colour' },
              options: ['red', 'green', 'blue'].map((c) => ({ text: { type: 'plain_text' as const, text: c }, value: c })),
            },
          }),
    },
    ...(done
      ? []
      : [
          {
            type: 'actions' as const,
            block_id: 'demo_actions',
            elements: [
              { type: 'button' as const, action_id: DEMO.doneAction, style: 'primary' as const, text: { type: 'plain_text' as const, text: 'Mark done' }, value: 'task-1' },
              { type: 'button' as const, action_id: DEMO.formAction, text: { type: 'plain_text' as const, text: 'Open form' }, value: 'form' },
            ],
          },
        ]),
    { type: 'context', elements: [{ type: 'mrkdwn', text: 'Sent by the demo plugin' }] },
  ];
}

function formView(privateMetadata: string) {
  return {
    type: 'modal' as const,
    callback_id: DEMO.formCallback,
    private_metadata: privateMetadata,
    title: { type: 'plain_text' as const, text: 'Tell us about you' },
    submit: { type: 'plain_text' as const, text: 'Save' },
    close: { type: 'plain_text' as const, text: 'Cancel' },
    blocks: [
      { type: 'input', block_id: DEMO.nameBlock, label: { type: 'plain_text', text: 'Name' }, element: { type: 'plain_text_input', action_id: DEMO.nameAction } },
      { type: 'input', block_id: DEMO.ageBlock, label: { type: 'plain_text', text: 'Age' }, hint: { type: 'plain_text', text: 'A whole number' }, element: { type: 'plain_text_input', action_id: DEMO.ageAction } },
      {
        type: 'input',
        block_id: DEMO.teamBlock,
        optional: true,
        label: { type: 'plain_text', text: 'Team' },
        element: {
          type: 'static_select',
          action_id: DEMO.teamAction,
          placeholder: { type: 'plain_text', text: 'Choose a team' },
          options: ['Engineering', 'People', 'Sales'].map((t) => ({ text: { type: 'plain_text', text: t }, value: t.toLowerCase() })),
        },
      },
    ],
  };
}

async function workspaceId(services: Pick<PlatformServices, 'workspaces'>, teamId: string): Promise<number> {
  const ws = await services.workspaces.byTeamId(teamId);
  if (!ws) throw new Error(`no workspace ${teamId}`);
  return ws.id;
}

export function demoPlugin(seen: DemoSeen = { actions: [], submissions: [] }): Capability<ServiceName> {
  return defineCapability({ name: 'demo', needs: ['workspaces', 'outbox'], setup: (services) => ({
    commands: [{
      name: DEMO.command,
      usage: 'demo — a message with buttons (tests only)',
      async run(ctx) {
        await services.outbox.enqueue([
          { workspaceId: ctx.workspace.id, key: `demo:${ctx.triggerId}`, kind: 'demo', method: 'dm.post', args: { users: [ctx.userId], text: 'Your demo task', blocks: demoMessageBlocks(false) } },
        ]);
        return { text: 'I sent you a DM.' };
      },
    }],
      listeners: [
        (app) => {
          app.action<BlockAction<ButtonAction>>(DEMO.doneAction, async ({ ack, body, respond }) => {
            await ack();
            seen.actions.push(body);
            const id = await workspaceId(services, body.team!.id);
            await services.outbox.enqueue([
              { workspaceId: id, key: `demo-done:${body.trigger_id}`, kind: 'demo', method: 'chat.update', args: { channel: body.channel!.id, ts: body.message!.ts, text: 'Done!', blocks: demoMessageBlocks(true) } },
            ]);
            await respond({ response_type: 'ephemeral', replace_original: false, text: 'Nice work — marked as done.' });
          });
          app.action(DEMO.colourAction, async ({ ack, body }) => {
            await ack();
            seen.actions.push(body as BlockAction);
          });
          app.action<BlockAction<ButtonAction>>(DEMO.formAction, async ({ ack, body }) => {
            await ack();
            seen.actions.push(body);
            const id = await workspaceId(services, body.team!.id);
            const row = await services.outbox.deliverNow({
              workspaceId: id,
              key: `demo-form:${body.trigger_id}`,
              kind: 'demo',
              method: 'views.open',
              args: { trigger_id: body.trigger_id, view: formView(body.message?.ts ?? '') },
            });
            if (row.state !== 'sent') throw new Error(`views.open failed: ${row.last_error}`);
          });
          app.view(DEMO.formCallback, async ({ ack, view, body }) => {
            const values = view.state.values as Record<string, Record<string, { value?: string | null; selected_option?: { value: string } | null }>>;
            seen.submissions.push({ values, user: body.user.id });
            const name = values[DEMO.nameBlock]?.[DEMO.nameAction]?.value ?? '';
            const next = { type: 'modal' as const, callback_id: 'demo_next', title: { type: 'plain_text' as const, text: `Step: ${name}` }, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `You chose *${name}*.` } }] };
            if (name === 'push' || name === 'update') {
              await ack({ response_action: name, view: next });
              return;
            }
            if (name === 'clear') {
              await ack({ response_action: 'clear' });
              return;
            }
            const age = values[DEMO.ageBlock]?.[DEMO.ageAction]?.value ?? '';
            if (!/^\d+$/.test(age)) {
              await ack({ response_action: 'errors', errors: { [DEMO.ageBlock]: 'Age must be a whole number, like 42' } });
              return;
            }
            await ack();
          });
        },
      ],
  }) });
}
