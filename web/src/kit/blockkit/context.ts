import { createContext, useContext } from 'react';
import type { BlockMember, JsonObject, Raw } from './types';

/** What Block Kit rendering needs from the page: names for mentions, people and channels for selects, and what to do on a click. */
export interface BlockContext {
  surface: 'message' | 'modal' | 'home';
  userNames: Readonly<Record<string, string>>;
  channelNames: Readonly<Record<string, string>>;
  members: readonly BlockMember[];
  /** A click or a pick on an interactive element: a block_actions payload to the app. */
  act(blockId: string, element: JsonObject, raw: Raw): void;
  /** A button with a url: Slack opens the link (and still tells the app). */
  openUrl(url: string): void;
  /** Modal inputs: what the member has entered so far, and how to change it. */
  values?: Record<string, Record<string, Raw>>;
  setValue?(blockId: string, actionId: string, raw: Raw): void;
  /** block_id → the app's (or Slack's) error for that input. */
  errors?: Record<string, string>;
  /** While a click is on its way. */
  busy?: boolean;
  /** The reader's zone and "now" (the sandbox clock): Slack's date tokens are shown in them. */
  timeZone?: string;
  now?: Date;
}

export const BlockKitContext = createContext<BlockContext | null>(null);

export function useBlockContext(): BlockContext {
  const ctx = useContext(BlockKitContext);
  if (!ctx) throw new Error('Block Kit elements render inside <BlockKitContext.Provider>');
  return ctx;
}
