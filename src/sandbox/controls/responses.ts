import { randomBytes } from 'node:crypto';
import express, { Router } from 'express';
import { z } from 'zod';
import { validateBlocks } from '../blocks.js';
import type { SandboxState } from '../state.js';
import type { JsonObject, Now, SandboxEphemeral, SandboxMessage } from '../types.js';

/**
 * Slack's response_url: a slash command or a message interaction carries one, and the app may post to it up
 * to five times within 30 minutes — a new ephemeral (the default) or channel message, or a replacement or
 * deletion of the message that was clicked. The sandbox hands out URLs on this app's own address.
 */

export const RESPONSE_URL_PATH = '/sandbox/api/_responses';
const MAX_USES = 5;
const LIFETIME_MS = 30 * 60_000;

export interface ResponseContext {
  teamId: string;
  userId: string;
  channelId: string;
  /** The message an interaction came from: the one replace_original and delete_original act on. */
  message?: { ts: string; ephemeral: boolean };
}

interface Entry extends ResponseContext {
  createdAt: number;
  uses: number;
  /** What the app posted here and what came of it, oldest first. */
  answers: Array<{ body: ResponseBody; outcome: Extract<ResponseOutcome, { ok: true }> }>;
}

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional();
export const responseBody = z.object({
  text: z.string().optional(),
  blocks: z.array(z.record(z.string(), z.unknown())).optional(),
  response_type: z.enum(['ephemeral', 'in_channel']).optional(),
  replace_original: flag,
  delete_original: flag,
  thread_ts: z.string().optional(),
});
export type ResponseBody = z.infer<typeof responseBody>;

export type ResponseOutcome =
  | { ok: true; kind: 'ephemeral' | 'message' | 'replaced' | 'deleted'; ts?: string }
  | { ok: false; status: number; error: string };

export class ResponseUrls {
  private readonly entries = new Map<string, Entry>();
  private base = 'http://127.0.0.1';

  constructor(
    private readonly state: SandboxState,
    private readonly now: Now,
  ) {}

  setBase(appUrl: string): void {
    this.base = appUrl.replace(/\/$/, '');
  }

  create(context: ResponseContext): string {
    const id = `${context.teamId}/${randomBytes(12).toString('hex')}`;
    this.entries.set(id, { ...context, createdAt: this.now().getTime(), uses: 0, answers: [] });
    return `${this.base}${RESPONSE_URL_PATH}/${id}`;
  }

  /** The first post the app made to a URL this sandbox handed out, if any: a command's answer after its ack. */
  firstAnswer(url: string): Entry['answers'][number] | undefined {
    return this.entries.get(url.slice(url.indexOf(RESPONSE_URL_PATH) + RESPONSE_URL_PATH.length + 1))?.answers[0];
  }

  clear(): void {
    this.entries.clear();
  }

  respond(id: string, body: ResponseBody): ResponseOutcome {
    const entry = this.entries.get(id);
    if (!entry || this.now().getTime() - entry.createdAt > LIFETIME_MS) return { ok: false, status: 404, error: 'expired_url' };
    if (entry.uses >= MAX_USES) return { ok: false, status: 404, error: 'used_url' };
    const outcome = applyResponse(this.state, entry, body);
    if (outcome.ok) {
      entry.uses += 1;
      entry.answers.push({ body, outcome });
    }
    return outcome;
  }
}

/**
 * What Slack does with a response (a command's answer, or a post to a response_url): a new ephemeral for the
 * member (the default) or channel message, or a replacement or deletion of the message that was clicked.
 */
export function applyResponse(state: SandboxState, entry: ResponseContext, body: ResponseBody): ResponseOutcome {
  const workspace = state.workspace(entry.teamId);
  const channel = state.channel(entry.teamId, entry.channelId);
  if (!workspace || !channel) return { ok: false, status: 404, error: 'channel_not_found' };
  if (body.blocks) {
    const check = validateBlocks(body.blocks, 'message');
    if (!check.ok) return { ok: false, status: 400, error: check.error };
  }
  const hasContent = (body.text !== undefined && body.text !== '') || (body.blocks?.length ?? 0) > 0;
  if (!body.delete_original && !hasContent) return { ok: false, status: 400, error: 'no_text' };

  const original = entry.message;
  const blocks = body.blocks as JsonObject[] | undefined;
  if (body.delete_original && original) {
    if (original.ephemeral) removeEphemeral(state, entry, original.ts);
    else {
      const message = state.findMessage(channel.id, original.ts);
      if (message) state.deleteMessage(channel, message);
    }
    return { ok: true, kind: 'deleted', ts: original.ts };
  }
  if (body.replace_original && original) {
    if (original.ephemeral) {
      const ephemeral = findEphemeral(state, entry, original.ts);
      if (ephemeral) {
        ephemeral.text = body.text ?? '';
        if (blocks) ephemeral.blocks = blocks;
        else delete ephemeral.blocks;
      }
    } else {
      const message: SandboxMessage | undefined = state.findMessage(channel.id, original.ts);
      if (message) state.updateMessage(channel, message, { text: body.text ?? '', ...(blocks ? { blocks } : {}), editor: workspace.botUserId });
    }
    return { ok: true, kind: 'replaced', ts: original.ts };
  }
  if (body.response_type === 'in_channel') {
    const message = state.addMessage(channel, {
      user: workspace.botUserId,
      text: body.text ?? '',
      ...(blocks ? { blocks } : {}),
      ...(body.thread_ts ? { thread_ts: body.thread_ts } : {}),
    });
    return { ok: true, kind: 'message', ts: message.ts };
  }
  const ephemeral = state.addEphemeral({
    teamId: entry.teamId,
    channel: channel.id,
    user: entry.userId,
    text: body.text ?? '',
    postedBy: workspace.botUserId,
    ...(blocks ? { blocks } : {}),
    ...(body.thread_ts ? { thread_ts: body.thread_ts } : {}),
  });
  return { ok: true, kind: 'ephemeral', ts: ephemeral.ts };
}

export function findEphemeral(state: SandboxState, where: { teamId: string; channelId: string; userId: string }, ts: string): SandboxEphemeral | undefined {
  return state.ephemeralFor(where.teamId, where.channelId, where.userId).find((e) => e.ts === ts);
}

function removeEphemeral(state: SandboxState, where: { teamId: string; channelId: string; userId: string }, ts: string): void {
  const target = findEphemeral(state, where, ts);
  if (target) state.data.ephemeral = state.data.ephemeral.filter((e) => e !== target);
}

/** POST {response_url}: mounted before the session, like Slack's hooks it needs no cookie, only the secret URL. */
export function responseUrlRouter(urls: ResponseUrls): Router {
  const router = Router();
  router.post(`${RESPONSE_URL_PATH}/:team/:id`, express.json({ limit: '1mb' }), (req, res) => {
    const parsed = responseBody.safeParse(req.body ?? {});
    if (!parsed.success) {
      res.status(400).json({ ok: false, error: 'invalid_payload' });
      return;
    }
    const outcome = urls.respond(`${String(req.params.team)}/${String(req.params.id)}`, parsed.data);
    if (!outcome.ok) res.status(outcome.status).json({ ok: false, error: outcome.error });
    else res.json({ ok: true });
  });
  return router;
}
