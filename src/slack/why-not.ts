import type { RespondFn } from '@slack/bolt';
import type { ModalView } from '@slack/types';
import type { Outbox } from '../outbox/service.js';
import type { Workspace } from '../db/types.js';

/** What an interaction carries that says where its person can be answered. */
export interface Asked {
  user: { id: string };
  trigger_id?: string;
  /** A click on a message or a message shortcut: Slack's hook for an ephemeral answer in that conversation. */
  response_url?: string;
  /** A modal's submission: the modal has closed by the time Hearth knows. */
  view?: { id: string };
}

/** A small modal that only says something (its one button closes it). */
export function noticeModal(title: string, text: string): ModalView {
  return {
    type: 'modal',
    title: { type: 'plain_text', text: title.slice(0, 24) },
    close: { type: 'plain_text', text: 'OK' },
    blocks: [{ type: 'section', text: { type: 'plain_text', text: text.slice(0, 3000) } }],
  };
}

/**
 * Tells the person who clicked a button, used a shortcut or submitted a modal, in words, why Hearth could not do
 * it: an ephemeral in the conversation they clicked in; a small modal for the Home tab and shortcuts (their
 * trigger is fresh); a DM after a modal's submission, or when the modal could not open. Never silence.
 */
export async function tellWhyNot(outbox: Outbox, workspace: Workspace, asked: Asked, text: string, respond?: RespondFn): Promise<void> {
  if (asked.response_url && respond && !asked.view) return void (await respond({ response_type: 'ephemeral', replace_original: false, text }));
  const workspaceId = workspace.id;
  const key = asked.trigger_id ?? asked.view?.id ?? asked.user.id;
  if (asked.trigger_id && !asked.view) {
    const row = await outbox.deliverNow({ workspaceId, key: `why-not-modal:${key}`, kind: 'why_not', method: 'views.open', args: { trigger_id: asked.trigger_id, view: noticeModal('Hearth', text) } });
    if (row.state === 'sent') return;
  }
  await outbox.enqueue([{ workspaceId, key: `why-not:${key}`, kind: 'why_not', method: 'dm.post', args: { users: [asked.user.id], text } }]);
}

/** The answer when Hearth has no member row for the person yet (the directory syncs within minutes). */
export const NOT_MET_YET = "Hearth hasn't met you yet. Try again in a few minutes.";
