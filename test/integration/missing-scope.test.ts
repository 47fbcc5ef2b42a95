import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../src/http/errors.js';
import { MISSING_SCOPE_NOTICE } from '../../src/outbox/notices.js';
import { ACME } from '../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../src/sandbox/server.js';
import { installAndSync, startTestHearth, type TestHearth } from '../support/hearth.js';

/** `missing_scope` (issue 27): the failure names the permission, and the installer is told once per scope. */
describe('a Slack permission Hearth lacks', () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  let acme: number;
  const installer = ACME.adminUserId;

  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    t = await startTestHearth({ slackApiUrl: sandbox.url });
    acme = await installAndSync(t, ACME.teamId, ACME.botToken, installer);
    // The workspace granted every scope but channels:manage (Slack answers missing_scope, needed channels:manage).
    const ws = sandbox.state.workspace(ACME.teamId)!;
    ws.botScopes = ws.botScopes.filter((s) => s !== 'channels:manage');
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const row = async (id: number) => (await t.hearth.services.outbox.repo.byId(id))!;

  it('records the scope with each failure, says it in words, and DMs the installer once for two messages', async () => {
    const { outbox } = t.hearth.services;
    const ids = await outbox.enqueue(
      ['cohort-north', 'cohort-south'].map((name) => ({ workspaceId: acme, key: `scope:${name}`, kind: 'test', method: 'conversations.create', args: { name } })),
    );
    for (const id of ids) await expect.poll(async () => (await row(id)).state, { timeout: 10_000 }).toBe('failed');
    for (const id of ids) expect((await row(id)).last_error).toBe('missing_scope: channels:manage');

    const [delivery] = (await outbox.deliveries(acme, ['scope:cohort-north'])).values();
    expect(delivery).toMatchObject({ label: 'Not sent', code: 'missing_scope', canRetry: true });
    expect(delivery!.reason).toBe('Hearth needs Slack’s permission to create and manage public channels (channels:manage) to do this. An admin needs to reinstall Hearth to grant it.');

    const notices = () => t.hearth.services.db.selectFrom('outbox').selectAll().where('workspace_id', '=', acme).where('kind', '=', MISSING_SCOPE_NOTICE).execute();
    await expect.poll(async () => (await notices()).map((n) => n.state), { timeout: 10_000 }).toEqual(['sent']);
    const [notice] = await notices();
    expect(notice!.payload).toMatchObject({ users: [installer] });
    // It reached the installer's DM, saying what can't work and where to reinstall.
    const channel = (notice!.result as { channel: string }).channel;
    const texts = sandbox.state.messageList(channel).map((m) => m.text);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('Hearth can’t create and manage public channels in this workspace.');
    expect(texts[0]).toContain(`<${t.hearth.services.config.publicUrl}/slack/reinstall|Reinstall Hearth>`);

    // A third failure for the same scope tells no one again.
    const [third] = await outbox.enqueue([{ workspaceId: acme, key: 'scope:cohort-west', kind: 'test', method: 'conversations.create', args: { name: 'cohort-west' } }]);
    await expect.poll(async () => (await row(third!)).state, { timeout: 10_000 }).toBe('failed');
    expect(await notices()).toHaveLength(1);
    expect(sandbox.state.messageList(channel)).toHaveLength(1);
  });

  it('an action that meets it answers 424 naming the scope, for the pages’ permissions modal', async () => {
    const app = express();
    app.post('/create', async (_req, _res) => {
      const client = await t.hearth.services.clients.forWorkspace(acme);
      await client.conversations.create({ name: 'cohort-east' });
    });
    app.use(errorHandler(pino({ level: 'silent' })));
    const server = app.listen(0);
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/create`, { method: 'POST' });
      expect(res.status).toBe(424);
      expect(await res.json()).toEqual({
        error: 'Hearth needs Slack’s permission to create and manage public channels (channels:manage) to do this. An admin needs to reinstall Hearth to grant it.',
        missing_scope: 'channels:manage',
      });
    } finally {
      server.close();
    }
  });

  it('Reinstall Hearth leads to where an admin reinstalls it', async () => {
    const res = await fetch(`${t.url}/slack/reinstall`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://api.slack.com/apps');
  });
});
