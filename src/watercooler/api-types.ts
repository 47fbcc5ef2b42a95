// The JSON the Watercooler page reads, shared by the server and web/ (type-only imports of shared types).
import type { ProgramJson } from '../programs/api-types.js';

export type AdjustmentKind = 'skip' | 'pin';

export interface PromptJson {
  id: number;
  text: string;
  pack_id: number | null;
  watercooler_id: number | null;
  position: number;
  source_pack_id: number | null;
  is_custom: boolean;
}

export interface PackJson {
  id: number;
  name: string;
  description: string;
  emoji: string;
  is_library: boolean;
  is_free: boolean;
  /** Needs the Premium plan to use here. */
  locked: boolean;
  subscribed: boolean;
  can_edit: boolean;
  num_prompts: number;
  prompts?: PromptJson[];
}

export type QueueStatus = 'pinned' | 'queued' | 'sent' | 'skipped';

export interface QueueItemJson {
  id: number;
  text: string;
  pack_id: number | null;
  pack_name: string | null;
  pack_emoji: string | null;
  is_custom: boolean;
  status: QueueStatus;
  /** 1-based place among the prompts still to post; null for sent and skipped ones. */
  position: number | null;
  /** When it will be posted if nothing changes (the next few only). */
  next_at: string | null;
}

export interface SentJson {
  id: number;
  prompt_id: number | null;
  text: string;
  slot_at: string;
  queued_at: string | null;
  source: 'schedule' | 'send_now';
  state: 'sending' | 'sent' | 'failed' | 'skipped';
  skip_reason: string | null;
  permalink: string | null;
  replies: number;
  reactions: number;
  participants: number;
}

export interface WatercoolerJson {
  id: number;
  program: ProgramJson;
  is_active: boolean;
  hideInactivePrompts: boolean;
  schedule: { weekdays: number[]; hour: number; minute: number; tz: string; description: string; next_slots: string[] };
  prompts: PromptJson[];
  packs: PackJson[];
  ordered_unsent_prompt_ids: number[];
  topicsQueue: { packs: PackJson[]; prompts: QueueItemJson[]; promptIds: number[] };
  adjustments: Array<{ prompt_id: number; kind: AdjustmentKind }>;
  cycle: number;
  sent: SentJson[];
  plan: { plan: 'free' | 'premium'; paidFeatureAccess: boolean; trialAllowed: boolean };
  can_customize: boolean;
}

/** A library prompt suggested for a watercooler or a pack. */
export interface SuggestionJson {
  text: string;
  prompt_id: number;
  pack_id: number;
  pack_name: string;
}

/** POST /watercooler/{id}/preview_as_json and /watercooler/preview_as_json: a prompt as the post's builder makes it. */
export interface PromptPreviewJson {
  /** The queue's prompt shown; null when the queue is empty (then there is no message). */
  prompt_id: number | null;
  text: string;
  blocks: unknown[];
}
