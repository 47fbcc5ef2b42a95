import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { appDm } from './intros-support.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';
// example:start
import { z } from 'zod';
import { defineJob } from '../../jobs/definition.js';
import { defineCapability } from '../../src/platform/capability.js';
import { defineEvent, event } from '../../src/platform/events/define.js';

/** A job type: its name and payload schema (checked at enqueue and at dequeue). */
const sayHello = defineJob('greetings.say_hello', z.object({ workspaceId: z.number().int().positive(), userId: z.string() }));
/** A domain event type: recorded in the transaction of the change it describes. */
const greeted = defineEvent('greetings.greeted', z.object({ userId: z.string() }));

/** `/hearth hello`: Hearth says hello in a DM, records that it did, and a subscriber says thanks, once. */
export const greetingsCapability = defineCapability({
  name: 'greetings',
  needs: ['queue', 'outbox', 'events'],
  setup: ({ queue, outbox, events }) => ({
    commands: [
      {
        name: 'hello',
        usage: 'hello — Hearth says hello in a DM',
        async run(ctx) {
          await queue.enqueue(sayHello, { workspaceId: ctx.workspace.id, userId: ctx.userId }, { jobId: `hello:${ctx.triggerId}` });
          return { text: 'On its way!' };
        },
      },
    ],
    jobs: [
      sayHello.handle(async ({ workspaceId, userId }) => {
        // Every Slack write goes through the outbox: the key makes it once per member, however often this runs.
        await events.transaction(async (trx, emit) => {
          await outbox.add(trx, [{ workspaceId, key: `hello:${userId}`, kind: 'hello', method: 'dm.post', args: { users: [userId], text: 'Hello from Hearth :wave:' } }]);
          emit(event(greeted, workspaceId, { userId }));
        });
      }),
    ],
    subscribers: [
      {
        name: 'greetings.thanks',
        events: [greeted],
        // Runs in the transaction that moves this subscriber's cursor: exactly once per event.
        handle: async (e, trx) => {
          if (!greeted.is(e)) return;
          await outbox.add(trx, [{ workspaceId: e.workspaceId, key: `thanks:${e.seq}`, kind: 'hello', method: 'dm.post', args: { users: [e.payload.userId], text: 'Thanks for saying hello!' } }]);
        },
      },
    ],
  }),
});
// example:end

describe('the worked example of docs/architecture.md', () => {
  let t: SandboxHearth;
  beforeAll(async () => {
    t = await startSandboxHearth({ capabilities: [greetingsCapability] });
  });
  afterAll(() => t?.close());

  it('runs end to end in the sandbox: command, job, outbox, event, subscriber', async () => {
    const dana = 'U0DEMO001';
    const reply = await t.api<{ stored: { text: string } }>('POST', '/sandbox/commands', { team_id: ACME.teamId, user_id: dana, channel_id: 'C0DEMOGEN', text: 'hello' });
    expect(reply.stored.text).toBe('On its way!');
    // The outbox sends what was added in a transaction at the next tick.
    await t.api('POST', '/sandbox/clock/advance', { minutes: 2 });
    const dm = (await appDm(t, ACME.teamId, dana))!;
    // Both are due at once, so they may arrive in either order.
    expect(dm.messages.map((m) => m.text).sort()).toEqual(['Hello from Hearth :wave:', 'Thanks for saying hello!']);
    const recorded = await t.services.db.selectFrom('domain_events').select(['type', 'payload']).where('type', '=', 'greetings.greeted').execute();
    expect(recorded).toEqual([{ type: 'greetings.greeted', payload: { userId: dana } }]);

    // Saying hello again: the outbox key keeps it to one hello; the new event gets its own thanks.
    await t.api('POST', '/sandbox/commands', { team_id: ACME.teamId, user_id: dana, channel_id: 'C0DEMOGEN', text: 'hello' });
    await t.api('POST', '/sandbox/clock/advance', { minutes: 2 });
    const again = (await appDm(t, ACME.teamId, dana))!;
    expect(again.messages.map((m) => m.text).sort()).toEqual(['Hello from Hearth :wave:', 'Thanks for saying hello!', 'Thanks for saying hello!']);
  });

  it('is listed in /hearth help', async () => {
    const reply = await t.api<{ stored: { text: string } }>('POST', '/sandbox/commands', { team_id: ACME.teamId, user_id: 'U0DEMO001', channel_id: 'C0DEMOGEN', text: 'help' });
    expect(reply.stored.text).toMatch(/Hearth commands: .*\bhello\b/);
  });
});
