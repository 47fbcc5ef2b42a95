import { emojiFor } from '../emoji';
import type { Json, JsonObject, Raw } from './types';

/** Pure helpers for Block Kit elements: options, text, and the values inputs hold. */

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

export function str(value: Json | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** :shortcode: → emoji, as Slack shows plain_text with `emoji: true` (the default). */
export function withEmoji(text: string): string {
  return text.replace(/:([a-z0-9_+'-]+):/gi, (whole, name: string) => emojiFor(name) ?? whole);
}

/** A text object's words as plain text (plain_text or mrkdwn). */
export function plainText(text: Json | undefined): string {
  if (!isObject(text)) return typeof text === 'string' ? text : '';
  const value = str(text.text) ?? '';
  return text.type === 'plain_text' && text.emoji !== false ? withEmoji(value) : value;
}

/** A select's, overflow's, checkbox group's or radio group's options, option groups flattened. */
export function optionsOf(element: JsonObject): JsonObject[] {
  const direct = Array.isArray(element.options) ? element.options.filter(isObject) : [];
  const grouped = Array.isArray(element.option_groups)
    ? element.option_groups.filter(isObject).flatMap((g) => (Array.isArray(g.options) ? g.options.filter(isObject) : []))
    : [];
  return [...direct, ...grouped];
}

const optionValue = (o: Json | undefined) => (isObject(o) ? str(o.value) : undefined);
const strings = (v: Json | undefined) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined);

/** What an element shows before anyone touches it. */
export function initialRaw(element: JsonObject): Raw {
  switch (element.type) {
    case 'plain_text_input':
    case 'email_text_input':
    case 'url_text_input':
    case 'number_input':
      return str(element.initial_value) ?? null;
    case 'static_select':
    case 'external_select':
    case 'radio_buttons':
      return optionValue(element.initial_option) ?? null;
    case 'multi_static_select':
    case 'multi_external_select':
    case 'checkboxes':
      return Array.isArray(element.initial_options) ? element.initial_options.map(optionValue).filter((v): v is string => v !== undefined) : [];
    case 'users_select':
      return str(element.initial_user) ?? null;
    case 'multi_users_select':
      return strings(element.initial_users) ?? [];
    case 'conversations_select':
      return str(element.initial_conversation) ?? null;
    case 'channels_select':
      return str(element.initial_channel) ?? null;
    case 'multi_conversations_select':
      return strings(element.initial_conversations) ?? [];
    case 'multi_channels_select':
      return strings(element.initial_channels) ?? [];
    case 'datepicker':
      return str(element.initial_date) ?? null;
    case 'timepicker':
      return str(element.initial_time) ?? null;
    default:
      return null;
  }
}

/** The raw value of a `view.state.values` entry (what the sandbox kept after a submission with errors). */
export function rawFromState(entry: JsonObject): Raw {
  for (const key of ['value', 'selected_user', 'selected_conversation', 'selected_channel', 'selected_date', 'selected_time']) {
    if (key in entry) return str(entry[key]) ?? null;
  }
  if ('selected_option' in entry) return optionValue(entry.selected_option) ?? null;
  if ('selected_options' in entry) return Array.isArray(entry.selected_options) ? entry.selected_options.map(optionValue).filter((v): v is string => v !== undefined) : [];
  for (const key of ['selected_users', 'selected_conversations', 'selected_channels']) if (key in entry) return strings(entry[key]) ?? [];
  return null;
}

/** Every input of a modal with what it holds now: kept state first, else the element's initial value. */
export function inputValues(view: { blocks: readonly JsonObject[]; state: { values: Record<string, Record<string, JsonObject>> } }): Record<string, Record<string, Raw>> {
  const out: Record<string, Record<string, Raw>> = {};
  for (const block of view.blocks) {
    if (block.type !== 'input' || !isObject(block.element)) continue;
    const blockId = String(block.block_id);
    const actionId = String(block.element.action_id);
    const kept = view.state.values[blockId]?.[actionId];
    (out[blockId] ??= {})[actionId] = kept ? rawFromState(kept) : initialRaw(block.element);
  }
  return out;
}

