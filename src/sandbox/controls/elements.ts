import type { Json, JsonObject } from '../types.js';
import { slackEncoded } from '../text.js';

/**
 * Block Kit elements as a person meets them: where they sit in blocks, the ids Slack fills in when an app
 * leaves them out, and the values they hold. Pure, so the page's view of a message and the payloads the
 * sandbox sends agree on every id.
 */

export type Raw = string | string[] | null | undefined;

export interface Located {
  block: JsonObject;
  blockId: string;
  element: JsonObject;
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Elements a person interacts with (images in sections and context are not). */
export function isInteractive(element: JsonObject): boolean {
  return typeof element.type === 'string' && element.type !== 'image' && element.type !== 'plain_text' && element.type !== 'mrkdwn';
}

/** A block's interactive elements in order: a section's accessory, an actions block's elements, an input's element. */
export function elementsOf(block: JsonObject): JsonObject[] {
  if (block.type === 'section' && isObject(block.accessory)) return isInteractive(block.accessory) ? [block.accessory] : [];
  if (block.type === 'actions' && Array.isArray(block.elements)) return block.elements.filter(isObject).filter(isInteractive);
  if (block.type === 'input' && isObject(block.element)) return [block.element];
  return [];
}

/**
 * Slack gives every block a block_id and every interactive element an action_id when the app sends none
 * (random ones; here derived from the position, so they stay put across refetches). Returns copies.
 */
export function withIds(blocks: readonly Json[] | undefined): JsonObject[] {
  return (blocks ?? []).filter(isObject).map((original, i) => {
    const block = structuredClone(original);
    const blockId = typeof block.block_id === 'string' && block.block_id !== '' ? block.block_id : `sbx-${i}`;
    block.block_id = blockId;
    elementsOf(block).forEach((element, j) => {
      if (typeof element.action_id !== 'string' || element.action_id === '') element.action_id = `${blockId}-${j}`;
    });
    return block;
  });
}

/** The element with this action_id (in this block, when given) among blocks that went through withIds. */
export function findElement(blocks: readonly JsonObject[], actionId: string, blockId?: string): Located | undefined {
  for (const block of blocks) {
    const id = String(block.block_id);
    if (blockId !== undefined && id !== blockId) continue;
    const element = elementsOf(block).find((e) => e.action_id === actionId);
    if (element) return { block, blockId: id, element };
  }
  return undefined;
}

/** Options of a select, overflow, checkboxes or radio group, option groups flattened. */
export function optionsOf(element: JsonObject): JsonObject[] {
  const direct = Array.isArray(element.options) ? element.options.filter(isObject) : [];
  const grouped = Array.isArray(element.option_groups)
    ? element.option_groups.filter(isObject).flatMap((g) => (Array.isArray(g.options) ? g.options.filter(isObject) : []))
    : [];
  return [...direct, ...grouped];
}

export class ElementValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ElementValueError';
  }
}

function option(element: JsonObject, value: string): JsonObject {
  const found = optionsOf(element).find((o) => o.value === value);
  if (!found) throw new ElementValueError(`"${value}" is not one of the options of ${String(element.action_id)}`);
  return found;
}

const one = (raw: Raw): string | null => (Array.isArray(raw) ? (raw[0] ?? null) : raw === undefined || raw === '' ? null : raw);
const many = (raw: Raw): string[] => (Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === '' ? [] : [raw]);

/** What the element holds before anyone touches it: its initial_* field, as a raw value. */
export function initialRaw(element: JsonObject): Raw {
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const optionValue = (v: unknown) => (isObject(v) && typeof v.value === 'string' ? v.value : undefined);
  switch (element.type) {
    case 'plain_text_input':
    case 'email_text_input':
    case 'url_text_input':
    case 'number_input':
      return str(element.initial_value);
    case 'static_select':
    case 'external_select':
    case 'radio_buttons':
      return optionValue(element.initial_option);
    case 'multi_static_select':
    case 'multi_external_select':
    case 'checkboxes':
      return Array.isArray(element.initial_options) ? element.initial_options.map(optionValue).filter((v): v is string => v !== undefined) : undefined;
    case 'users_select':
      return str(element.initial_user);
    case 'multi_users_select':
      return Array.isArray(element.initial_users) ? element.initial_users.filter((v): v is string => typeof v === 'string') : undefined;
    case 'conversations_select':
      return str(element.initial_conversation);
    case 'channels_select':
      return str(element.initial_channel);
    case 'multi_conversations_select':
      return Array.isArray(element.initial_conversations) ? element.initial_conversations.filter((v): v is string => typeof v === 'string') : undefined;
    case 'multi_channels_select':
      return Array.isArray(element.initial_channels) ? element.initial_channels.filter((v): v is string => typeof v === 'string') : undefined;
    case 'datepicker':
      return str(element.initial_date);
    case 'timepicker':
      return str(element.initial_time);
    case 'datetimepicker':
      return typeof element.initial_date_time === 'number' ? String(element.initial_date_time) : undefined;
    default:
      return undefined;
  }
}

/**
 * The element's entry in `view.state.values` (and the value fields of a block_actions action), shaped as
 * Slack shapes it per element type: `value`, `selected_option`, `selected_options`, `selected_user` …
 */
export function stateValue(element: JsonObject, raw: Raw): JsonObject {
  const type = String(element.type);
  switch (type) {
    case 'plain_text_input':
    case 'email_text_input':
    case 'url_text_input':
    case 'number_input':
      return { type, value: one(raw) };
    case 'static_select':
    case 'external_select':
    case 'radio_buttons':
    case 'overflow': {
      const value = one(raw);
      return { type, selected_option: value === null ? null : option(element, value) };
    }
    case 'multi_static_select':
    case 'multi_external_select':
    case 'checkboxes':
      return { type, selected_options: many(raw).map((v) => option(element, v)) };
    case 'users_select':
      return { type, selected_user: one(raw) };
    case 'multi_users_select':
      return { type, selected_users: many(raw) };
    case 'conversations_select':
      return { type, selected_conversation: one(raw) };
    case 'multi_conversations_select':
      return { type, selected_conversations: many(raw) };
    case 'channels_select':
      return { type, selected_channel: one(raw) };
    case 'multi_channels_select':
      return { type, selected_channels: many(raw) };
    case 'datepicker': {
      const value = one(raw);
      if (value !== null && !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new ElementValueError(`${String(element.action_id)}: a date is YYYY-MM-DD`);
      return { type, selected_date: value };
    }
    case 'timepicker': {
      const value = one(raw);
      if (value !== null && !/^\d{2}:\d{2}$/.test(value)) throw new ElementValueError(`${String(element.action_id)}: a time is HH:mm`);
      return { type, selected_time: value };
    }
    case 'datetimepicker': {
      const value = one(raw);
      return { type, selected_date_time: value === null ? null : Number(value) };
    }
    case 'button':
      return { type, value: typeof element.value === 'string' ? element.value : null };
    default:
      return { type, value: one(raw) };
  }
}

/** One entry of a block_actions payload's `actions`. */
export function actionOf(located: Located, raw: Raw, actionTs: string): JsonObject {
  const { element, blockId } = located;
  const base: JsonObject = { action_id: String(element.action_id), block_id: blockId, type: String(element.type), action_ts: actionTs };
  if (element.type === 'button') {
    return {
      ...base,
      text: element.text ?? null,
      ...(typeof element.value === 'string' ? { value: element.value } : {}),
      ...(typeof element.style === 'string' ? { style: element.style } : {}),
      ...(typeof element.url === 'string' ? { url: element.url } : {}),
    };
  }
  const { type: _type, ...value } = stateValue(element, raw);
  if (element.type === 'plain_text_input' && typeof value.value === 'string') value.value = slackEncoded(value.value);
  if (element.type === 'checkboxes' || element.type === 'multi_static_select') {
    // Slack names the full selection on every change.
    return { ...base, ...value };
  }
  return { ...base, ...value, ...(isObject(element.placeholder) ? { placeholder: element.placeholder } : {}) };
}

/** Is there anything in this state entry? (Slack's required-field check.) */
function isEmpty(entry: JsonObject): boolean {
  const { type: _type, ...fields } = entry;
  return Object.values(fields).every((v) => v === null || v === '' || (Array.isArray(v) && v.length === 0));
}

export interface Submission {
  values: Record<string, Record<string, JsonObject>>;
  /** block_id → message, for what Slack's own client refuses before anything is sent. */
  errors: Record<string, string>;
}

/**
 * `view.state.values` for a submission: every input block's element, from what the person entered, else what
 * they entered before (kept in the view's state), else its initial value; plus what they picked elsewhere in
 * the view. Checks what Slack's client checks
 * before sending: required fields, lengths, numbers, email and URL shapes.
 */
export function submission(
  blocks: readonly JsonObject[],
  entered: Record<string, Record<string, Raw>>,
  previous: Record<string, Record<string, JsonObject>>,
): Submission {
  // Selections made outside input blocks (a section's select, an actions block's date) are part of the state too.
  const values: Submission['values'] = structuredClone(previous);
  const errors: Record<string, string> = {};
  for (const block of blocks) {
    if (block.type !== 'input') continue;
    const blockId = String(block.block_id);
    for (const element of elementsOf(block)) {
      const actionId = String(element.action_id);
      const given = entered[blockId]?.[actionId];
      let entry: JsonObject;
      try {
        entry = given !== undefined ? stateValue(element, given) : (previous[blockId]?.[actionId] ?? stateValue(element, initialRaw(element)));
      } catch (err) {
        if (!(err instanceof ElementValueError)) throw err;
        errors[blockId] = err.message;
        continue;
      }
      (values[blockId] ??= {})[actionId] = entry;
      const problem = clientCheck(block, element, entry);
      if (problem) errors[blockId] = problem;
    }
  }
  return { values, errors };
}

function clientCheck(block: JsonObject, element: JsonObject, entry: JsonObject): string | undefined {
  if (isEmpty(entry)) return block.optional === true ? undefined : 'Please complete this required field.';
  const text = typeof entry.value === 'string' ? entry.value : undefined;
  if (text === undefined) return undefined;
  if (typeof element.min_length === 'number' && text.length < element.min_length) return `Please enter at least ${element.min_length} characters.`;
  if (typeof element.max_length === 'number' && text.length > element.max_length) return `Please enter no more than ${element.max_length} characters.`;
  if (element.type === 'number_input') {
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n)) return 'Please enter a number.';
    if (element.is_decimal_allowed !== true && !Number.isInteger(n)) return 'Please enter a whole number.';
    if (element.min_value !== undefined && n < Number(element.min_value)) return `Please enter a number of at least ${String(element.min_value)}.`;
    if (element.max_value !== undefined && n > Number(element.max_value)) return `Please enter a number of at most ${String(element.max_value)}.`;
  }
  if (element.type === 'email_text_input' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) return 'Please enter a valid email address.';
  if (element.type === 'url_text_input' && !/^https?:\/\/\S+$/i.test(text)) return 'Please enter a valid URL.';
  return undefined;
}
