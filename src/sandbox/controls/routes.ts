import { Router } from 'express';
import { body, params, query } from '../../http/validate.js';
import type { SandboxState } from '../state.js';
import { conversationsFor, presentConversation, presentMember, presentWorkspace } from './present.js';
import {
  actionBody,
  asQuery,
  closeBody,
  commandBody,
  shortcutBody,
  conversationParams,
  conversationQuery,
  eventBody,
  homeOpenBody,
  personQuery,
  inviteHearthBody,
  messageBody,
  openConversationBody,
  submitBody,
  teamParams,
} from './schema.js';
import type { SandboxClient } from './service.js';

/** What a member sees and does in a sandbox workspace (the sandbox page, tests, scripts). Thin over SandboxClient. */
export function memberRoutes(client: SandboxClient, state: SandboxState): Router {
  const router = Router();

  router.get('/sandbox/workspaces', (_req, res) => {
    res.json({ workspaces: state.workspaceList().map(presentWorkspace) });
  });

  router.get('/sandbox/workspaces/:team/members', (req, res) => {
    const { team } = params(req, teamParams);
    client.workspace(team);
    const members = state.memberList(team).map(presentMember);
    members.sort((a, b) => a.real_name.localeCompare(b.real_name));
    res.json({ members });
  });

  router.get('/sandbox/workspaces/:team/channels', (req, res) => {
    const { team } = params(req, teamParams);
    const { as } = query(req, asQuery);
    const workspace = client.workspace(team);
    client.actor(team, as);
    res.json(conversationsFor(state, workspace, as));
  });

  router.post('/sandbox/conversations/open', (req, res) => {
    const input = body(req, openConversationBody);
    const channel = client.openConversation(input.team_id, input.user_id, input.users);
    res.json({ channel: presentConversation(state, channel, input.user_id) });
  });

  router.get('/sandbox/conversations/:channel/messages', (req, res) => {
    const { channel } = params(req, conversationParams);
    const { team, as } = query(req, conversationQuery);
    const messages = client.messages(team, channel, as);
    res.json({ channel: presentConversation(state, client.conversation(team, channel, as), as), messages });
  });

  router.post('/sandbox/messages', async (req, res) => {
    const input = body(req, messageBody);
    res.json(await client.postMessage({ teamId: input.team_id, userId: input.user_id, channelId: input.channel_id, text: input.text, ...(input.thread_ts ? { threadTs: input.thread_ts } : {}) }));
  });

  router.post('/sandbox/commands', async (req, res) => {
    const input = body(req, commandBody);
    res.json(await client.command({ teamId: input.team_id, userId: input.user_id, channelId: input.channel_id, text: input.text, ...(input.command ? { command: input.command } : {}) }));
  });

  router.post('/sandbox/actions', async (req, res) => {
    res.json(await client.action(body(req, actionBody)));
  });

  router.post('/sandbox/shortcuts', async (req, res) => {
    res.json(await client.shortcut(body(req, shortcutBody)));
  });

  router.get('/sandbox/views', (req, res) => {
    const { team, user } = query(req, personQuery);
    res.json({ modals: client.modals(team, user) });
  });

  router.post('/sandbox/views/submit', async (req, res) => {
    const input = body(req, submitBody);
    res.json(await client.submitView({ teamId: input.team_id, userId: input.user_id, values: input.values, ...(input.view_id ? { viewId: input.view_id } : {}) }));
  });

  router.post('/sandbox/views/close', async (req, res) => {
    const input = body(req, closeBody);
    res.json(await client.closeView({ teamId: input.team_id, userId: input.user_id, ...(input.all !== undefined ? { all: input.all } : {}) }));
  });

  router.get('/sandbox/home', (req, res) => {
    const { team, user } = query(req, personQuery);
    res.json({ view: client.home(team, user) });
  });

  router.post('/sandbox/home/open', async (req, res) => {
    const input = body(req, homeOpenBody);
    res.json(await client.openHome(input.team_id, input.user_id));
  });

  /** A person invites @Hearth to a channel (how Hearth gets into a private one). */
  router.post('/sandbox/channels/invite_hearth', async (req, res) => {
    const input = body(req, inviteHearthBody);
    res.json({ event_id: await client.inviteHearth(input.team_id, input.channel_id, input.user_id) });
  });

  router.post('/sandbox/events', async (req, res) => {
    const input = body(req, eventBody);
    res.json({ event_id: await client.fireEvent(input.team_id, input.event) });
  });

  return router;
}
