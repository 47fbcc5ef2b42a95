/**
 * Block Kit validation with Slack's limits, so a builder that would be rejected in production is rejected
 * in the sandbox too. Problems are reported the way Slack words them: "<what> [json-pointer:/blocks/0/text]".
 * Not every rule Slack has; the ones Hearth's builders can plausibly break.
 */

export type BlockSurface = 'message' | 'modal' | 'home';

/**
 * Slack's Block Kit limits, in one table: from the @slack/types definitions (node_modules/@slack/types/dist/
 * block-kit) and Slack's Block Kit reference (docs.slack.dev/reference/block-kit). Where the two differ, the
 * reference wins: an option's `value` is 150 characters there (the types' comment says 75). Characters are
 * counted as JavaScript string length.
 */
export const BLOCK_KIT_LIMITS = {
  blocks: { message: 50, modal: 100, home: 100 } satisfies Record<BlockSurface, number>,
  blockId: 255,
  actionId: 255,
  sectionText: 3000,
  sectionFields: 10,
  sectionFieldText: 2000,
  headerText: 150,
  contextElements: 10,
  actionsElements: 25,
  inputLabel: 2000,
  inputHint: 2000,
  imageUrl: 3000,
  altText: 2000,
  buttonText: 75,
  buttonValue: 2000,
  buttonUrl: 3000,
  accessibilityLabel: 75,
  placeholder: 150,
  optionText: 75,
  optionValue: 150,
  optionDescription: 75,
  optionUrl: 3000,
  selectOptions: 100,
  optionGroups: 100,
  optionGroupLabel: 75,
  checkboxOptions: 10,
  radioOptions: 10,
  /** plain_text_input: max_length (and min_length) at most 3000, and so its initial_value. */
  textInputLength: 3000,
  overflowOptions: { min: 1, max: 5 },
  confirmTitle: 100,
  confirmText: 300,
  confirmButton: 30,
  modalTitle: 24,
  modalButton: 24,
  privateMetadata: 3000,
  callbackId: 255,
  externalId: 255,
  /** A view's JSON, in bytes: views.open/push/update/publish answer `view_too_large` past it. */
  viewBytes: 250_000,
  /**
   * A message's blocks, as JSON characters: chat.* answer `msg_blocks_too_long` past it. Slack does not publish the
   * figure; this one is on the strict side, so a builder near the edge is caught here before Slack refuses it.
   */
  messageBlocksChars: 16_000,
  /** A message's metadata, as JSON bytes: chat.* answer `metadata_too_large` past it (the same caution as above). */
  metadataBytes: 8_000,
} as const;

export const MAX_BLOCKS: Record<BlockSurface, number> = BLOCK_KIT_LIMITS.blocks;
export const MAX_SECTION_TEXT = BLOCK_KIT_LIMITS.sectionText;
const L = BLOCK_KIT_LIMITS;

/**
 * The properties each block and element may have (Slack rejects any other with "invalid additional
 * property"), from the @slack/types interfaces.
 */
const BLOCK_PROPS: Record<string, readonly string[]> = {
  section: ['text', 'fields', 'accessory', 'expand'],
  divider: [],
  image: ['image_url', 'slack_file', 'alt_text', 'title'],
  actions: ['elements'],
  context: ['elements'],
  input: ['label', 'element', 'hint', 'optional', 'dispatch_action'],
  header: ['text'],
  rich_text: ['elements'],
  video: ['video_url', 'thumbnail_url', 'alt_text', 'title', 'title_url', 'author_name', 'provider_name', 'provider_icon_url', 'description'],
  file: ['external_id', 'source'],
  markdown: ['text'],
};
const COMMON_ELEMENT_PROPS = ['type', 'action_id'];
const SELECT_PROPS = ['placeholder', 'confirm', 'focus_on_load'];
const ELEMENT_PROPS: Record<string, readonly string[]> = {
  button: ['text', 'value', 'url', 'style', 'confirm', 'accessibility_label'],
  checkboxes: ['options', 'initial_options', 'confirm', 'focus_on_load'],
  radio_buttons: ['options', 'initial_option', 'confirm', 'focus_on_load'],
  overflow: ['options', 'confirm'],
  datepicker: ['initial_date', ...SELECT_PROPS],
  timepicker: ['initial_time', 'timezone', ...SELECT_PROPS],
  datetimepicker: ['initial_date_time', 'confirm', 'focus_on_load'],
  image: ['image_url', 'slack_file', 'alt_text'],
  plain_text_input: ['initial_value', 'multiline', 'min_length', 'max_length', 'dispatch_action_config', 'placeholder', 'focus_on_load'],
  email_text_input: ['initial_value', 'dispatch_action_config', 'placeholder', 'focus_on_load'],
  url_text_input: ['initial_value', 'dispatch_action_config', 'placeholder', 'focus_on_load'],
  number_input: ['is_decimal_allowed', 'initial_value', 'min_value', 'max_value', 'dispatch_action_config', 'placeholder', 'focus_on_load'],
  static_select: ['options', 'option_groups', 'initial_option', ...SELECT_PROPS],
  multi_static_select: ['options', 'option_groups', 'initial_options', 'max_selected_items', ...SELECT_PROPS],
  external_select: ['initial_option', 'min_query_length', ...SELECT_PROPS],
  multi_external_select: ['initial_options', 'min_query_length', 'max_selected_items', ...SELECT_PROPS],
  users_select: ['initial_user', ...SELECT_PROPS],
  multi_users_select: ['initial_users', 'max_selected_items', ...SELECT_PROPS],
  conversations_select: ['initial_conversation', 'default_to_current_conversation', 'response_url_enabled', 'filter', ...SELECT_PROPS],
  multi_conversations_select: ['initial_conversations', 'default_to_current_conversation', 'max_selected_items', 'filter', ...SELECT_PROPS],
  channels_select: ['initial_channel', 'response_url_enabled', ...SELECT_PROPS],
  multi_channels_select: ['initial_channels', 'max_selected_items', ...SELECT_PROPS],
};
const TEXT_PROPS = ['type', 'text', 'emoji', 'verbatim'];
const OPTION_PROPS = ['text', 'value', 'description', 'url'];
const CONFIRM_PROPS = ['title', 'text', 'confirm', 'deny', 'style'];

export const KNOWN_BLOCK_TYPES = new Set([
  'section',
  'divider',
  'image',
  'actions',
  'context',
  'input',
  'header',
  'rich_text',
  'video',
  'file',
  'markdown',
]);

const SELECT_TYPES = [
  'static_select',
  'external_select',
  'users_select',
  'conversations_select',
  'channels_select',
  'multi_static_select',
  'multi_external_select',
  'multi_users_select',
  'multi_conversations_select',
  'multi_channels_select',
];

/** Elements allowed in an actions block. */
export const ACTION_ELEMENT_TYPES = new Set([
  'button',
  'checkboxes',
  'datepicker',
  'datetimepicker',
  'overflow',
  'radio_buttons',
  'timepicker',
  'workflow_button',
  'rich_text_input',
  'plain_text_input',
  ...SELECT_TYPES,
]);

/** Elements allowed as a section accessory. */
export const ACCESSORY_ELEMENT_TYPES = new Set([
  'button',
  'checkboxes',
  'datepicker',
  'image',
  'overflow',
  'radio_buttons',
  'timepicker',
  'workflow_button',
  ...SELECT_TYPES,
]);

/** Elements allowed in an input block. */
export const INPUT_ELEMENT_TYPES = new Set([
  'plain_text_input',
  'email_text_input',
  'url_text_input',
  'number_input',
  'checkboxes',
  'radio_buttons',
  'datepicker',
  'timepicker',
  'datetimepicker',
  'file_input',
  'rich_text_input',
  ...SELECT_TYPES,
]);

const CONTEXT_ELEMENT_TYPES = new Set(['image', 'plain_text', 'mrkdwn']);

export type BlocksCheck =
  | { ok: true }
  | { ok: false; error: 'invalid_blocks' | 'invalid_blocks_format'; errors: string[] };

type Obj = Record<string, unknown>;

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class Problems {
  readonly list: string[] = [];
  add(pointer: string, message: string): void {
    this.list.push(`${message} [json-pointer:${pointer}]`);
  }
}

/** Validates a parsed `blocks` value for a surface. */
export function validateBlocks(blocks: unknown, surface: BlockSurface): BlocksCheck {
  if (!Array.isArray(blocks)) {
    return { ok: false, error: 'invalid_blocks_format', errors: ['must provide an array [json-pointer:/blocks]'] };
  }
  const problems = new Problems();
  const max = MAX_BLOCKS[surface];
  if (blocks.length > max) problems.add('/blocks', `no more than ${max} items allowed`);
  const blockIds = new Set<string>();
  blocks.forEach((block, i) => checkBlock(block, `/blocks/${i}`, problems, blockIds, surface));
  return problems.list.length === 0 ? { ok: true } : { ok: false, error: 'invalid_blocks', errors: problems.list };
}

function checkBlock(block: unknown, at: string, p: Problems, blockIds: Set<string>, surface: BlockSurface): void {
  if (!isObj(block)) return p.add(at, 'must be an object');
  const type = block.type;
  if (typeof type !== 'string' || !KNOWN_BLOCK_TYPES.has(type)) {
    return p.add(`${at}/type`, `unsupported type: ${String(type)}`);
  }
  // Input blocks collect values for a view's submission: a message cannot carry one.
  if (type === 'input' && surface === 'message') return p.add(`${at}/type`, 'unsupported type: input');
  checkProps(block, ['type', 'block_id', ...(BLOCK_PROPS[type] ?? [])], at, p);
  if (block.block_id !== undefined) {
    if (typeof block.block_id !== 'string' || block.block_id.length === 0 || block.block_id.length > 255) {
      p.add(`${at}/block_id`, 'must be a string of 1 to 255 characters');
    } else if (blockIds.has(block.block_id)) {
      p.add(`${at}/block_id`, `duplicate block_id: ${block.block_id}`);
    } else {
      blockIds.add(block.block_id);
    }
  }
  switch (type) {
    case 'section':
      return checkSection(block, at, p);
    case 'header':
      return checkText(block.text, `${at}/text`, p, { max: L.headerText, plainOnly: true, required: true });
    case 'image':
      return checkImage(block, at, p);
    case 'actions':
      return checkElements(block.elements, `${at}/elements`, p, ACTION_ELEMENT_TYPES, L.actionsElements);
    case 'context':
      return checkContext(block, at, p);
    case 'input':
      checkText(block.label, `${at}/label`, p, { max: L.inputLabel, plainOnly: true, required: true });
      if (block.hint !== undefined) checkText(block.hint, `${at}/hint`, p, { max: L.inputHint, plainOnly: true });
      if (!isObj(block.element)) return p.add(`${at}/element`, 'must provide an object');
      return checkElement(block.element, `${at}/element`, p, INPUT_ELEMENT_TYPES);
    case 'rich_text':
      if (!Array.isArray(block.elements)) p.add(`${at}/elements`, 'must provide an array');
      return;
    case 'video':
      for (const key of ['video_url', 'thumbnail_url']) requireString(block, key, at, p, 3000);
      checkText(block.title, `${at}/title`, p, { max: 200, plainOnly: true, required: true });
      requireString(block, 'alt_text', at, p, 2000);
      return;
    case 'file':
      requireString(block, 'external_id', at, p, 255);
      if (block.source !== 'remote') p.add(`${at}/source`, 'must be "remote"');
      return;
    case 'markdown':
      return requireString(block, 'text', at, p, 12000);
    default:
      return; // divider
  }
}

function checkSection(block: Obj, at: string, p: Problems): void {
  const hasText = block.text !== undefined;
  const hasFields = block.fields !== undefined;
  if (!hasText && !hasFields) p.add(at, 'must provide either text or fields');
  if (hasText) checkText(block.text, `${at}/text`, p, { max: MAX_SECTION_TEXT, required: true });
  if (hasFields) {
    if (!Array.isArray(block.fields)) p.add(`${at}/fields`, 'must provide an array');
    else {
      if (block.fields.length > L.sectionFields) p.add(`${at}/fields`, `no more than ${L.sectionFields} items allowed`);
      block.fields.forEach((f, i) => checkText(f, `${at}/fields/${i}`, p, { max: L.sectionFieldText, required: true }));
    }
  }
  if (block.accessory !== undefined) {
    if (!isObj(block.accessory)) p.add(`${at}/accessory`, 'must provide an object');
    else checkElement(block.accessory, `${at}/accessory`, p, ACCESSORY_ELEMENT_TYPES);
  }
}

function checkImage(block: Obj, at: string, p: Problems): void {
  if (block.image_url === undefined && block.slack_file === undefined) p.add(at, 'must provide image_url or slack_file');
  if (block.image_url !== undefined) requireString(block, 'image_url', at, p, 3000);
  requireString(block, 'alt_text', at, p, 2000);
  if (block.title !== undefined) checkText(block.title, `${at}/title`, p, { max: 2000, plainOnly: true });
}

function checkContext(block: Obj, at: string, p: Problems): void {
  const elements = block.elements;
  if (!Array.isArray(elements) || elements.length === 0) return p.add(`${at}/elements`, 'must provide a non-empty array');
  if (elements.length > L.contextElements) p.add(`${at}/elements`, `no more than ${L.contextElements} items allowed`);
  elements.forEach((el, i) => {
    const where = `${at}/elements/${i}`;
    if (!isObj(el) || typeof el.type !== 'string' || !CONTEXT_ELEMENT_TYPES.has(el.type)) {
      return p.add(`${where}/type`, `unsupported type: ${isObj(el) ? String(el.type) : typeof el}`);
    }
    if (el.type === 'image') {
      if (el.image_url === undefined && el.slack_file === undefined) p.add(where, 'must provide image_url or slack_file');
      requireString(el, 'alt_text', where, p, 2000);
    } else checkText(el, where, p, { max: 3000, required: true });
  });
}

function checkElements(elements: unknown, at: string, p: Problems, allowed: Set<string>, max: number): void {
  if (!Array.isArray(elements) || elements.length === 0) return p.add(at, 'must provide a non-empty array');
  if (elements.length > max) p.add(at, `no more than ${max} items allowed`);
  const actionIds = new Set<string>();
  elements.forEach((el, i) => {
    if (!isObj(el)) return p.add(`${at}/${i}`, 'must provide an object');
    checkElement(el, `${at}/${i}`, p, allowed);
    if (typeof el.action_id === 'string') {
      if (actionIds.has(el.action_id)) p.add(`${at}/${i}/action_id`, `duplicate action_id: ${el.action_id}`);
      actionIds.add(el.action_id);
    }
  });
}

function checkElement(el: Obj, at: string, p: Problems, allowed: Set<string>): void {
  if (typeof el.type !== 'string' || !allowed.has(el.type)) {
    return p.add(`${at}/type`, `unsupported type: ${String(el.type)}`);
  }
  checkProps(el, [...COMMON_ELEMENT_PROPS, ...(ELEMENT_PROPS[el.type] ?? [])], at, p);
  if (el.action_id !== undefined && (typeof el.action_id !== 'string' || el.action_id.length > L.actionId)) {
    p.add(`${at}/action_id`, `must be a string of at most ${L.actionId} characters`);
  }
  if (el.placeholder !== undefined) checkText(el.placeholder, `${at}/placeholder`, p, { max: L.placeholder, plainOnly: true });
  if (el.confirm !== undefined) checkConfirm(el.confirm, `${at}/confirm`, p);
  if (el.accessibility_label !== undefined) requireString(el, 'accessibility_label', at, p, L.accessibilityLabel);
  if (el.options !== undefined) checkOptions(el, at, p);
  if (Array.isArray(el.option_groups)) {
    if (el.option_groups.length > L.optionGroups) p.add(`${at}/option_groups`, `no more than ${L.optionGroups} items allowed`);
    el.option_groups.forEach((g, i) => {
      const where = `${at}/option_groups/${i}`;
      if (!isObj(g)) return p.add(where, 'must provide an object');
      checkText(g.label, `${where}/label`, p, { max: L.optionGroupLabel, plainOnly: true, required: true });
      checkOptionList(g.options, `${where}/options`, p, { max: L.selectOptions }, false);
    });
  }
  if (el.type === 'button') {
    checkText(el.text, `${at}/text`, p, { max: L.buttonText, plainOnly: true, required: true });
    if (el.value !== undefined && (typeof el.value !== 'string' || el.value.length > L.buttonValue)) {
      p.add(`${at}/value`, `must be a string of at most ${L.buttonValue} characters`);
    }
    if (el.url !== undefined && (typeof el.url !== 'string' || el.url.length > L.buttonUrl)) {
      p.add(`${at}/url`, `must be a string of at most ${L.buttonUrl} characters`);
    }
    if (el.style !== undefined && el.style !== 'primary' && el.style !== 'danger') {
      p.add(`${at}/style`, 'must be one of primary, danger');
    }
  }
  if (el.type === 'image') {
    if (el.image_url === undefined && el.slack_file === undefined) p.add(at, 'must provide image_url or slack_file');
    requireString(el, 'alt_text', at, p, 2000);
  }
  if ((el.type === 'static_select' || el.type === 'multi_static_select') && el.options === undefined && el.option_groups === undefined) {
    p.add(at, 'must provide options or option_groups');
  }
  checkInitialOptions(el, at, p);
  if (el.max_selected_items !== undefined && !(Number.isInteger(el.max_selected_items) && (el.max_selected_items as number) >= 1)) {
    p.add(`${at}/max_selected_items`, 'must be an integer of at least 1');
  }
  if (el.type === 'plain_text_input') checkTextInput(el, at, p);
  if (el.type === 'number_input') checkNumberInput(el, at, p);
  if (el.initial_date !== undefined && !isIsoDate(el.initial_date)) p.add(`${at}/initial_date`, 'must be a date in the format YYYY-MM-DD');
  if (el.initial_time !== undefined && !(typeof el.initial_time === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(el.initial_time))) {
    p.add(`${at}/initial_time`, 'must be a time in the format HH:mm');
  }
  if (el.initial_date_time !== undefined && !(Number.isInteger(el.initial_date_time) && (el.initial_date_time as number) >= 0)) {
    p.add(`${at}/initial_date_time`, 'must be a Unix timestamp in seconds');
  }
}

/** 'YYYY-MM-DD' naming a real day. */
function isIsoDate(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** An element's initial option(s) must be among its options (same text and value), as Slack matches them. */
function checkInitialOptions(el: Obj, at: string, p: Problems): void {
  const all = [
    ...(Array.isArray(el.options) ? el.options : []),
    ...(Array.isArray(el.option_groups) ? el.option_groups.flatMap((g) => (isObj(g) && Array.isArray(g.options) ? g.options : [])) : []),
  ].filter(isObj);
  const matches = (o: unknown) => isObj(o) && all.some((x) => x.value === o.value && isObj(x.text) && isObj(o.text) && x.text.text === o.text.text);
  if (el.initial_option !== undefined && !matches(el.initial_option)) p.add(`${at}/initial_option`, 'must match one of the options');
  if (el.initial_options !== undefined) {
    if (!Array.isArray(el.initial_options)) p.add(`${at}/initial_options`, 'must provide an array');
    else el.initial_options.forEach((o, i) => !matches(o) && p.add(`${at}/initial_options/${i}`, 'must match one of the options'));
  }
}

/** min_length 0–3000, max_length 1–3000 and not below it, an initial_value that fits. */
function checkTextInput(el: Obj, at: string, p: Problems): void {
  const min = el.min_length;
  const max = el.max_length;
  if (min !== undefined && !(Number.isInteger(min) && (min as number) >= 0 && (min as number) <= L.textInputLength)) p.add(`${at}/min_length`, `must be an integer from 0 to ${L.textInputLength}`);
  if (max !== undefined && !(Number.isInteger(max) && (max as number) >= 1 && (max as number) <= L.textInputLength)) p.add(`${at}/max_length`, `must be an integer from 1 to ${L.textInputLength}`);
  if (typeof min === 'number' && typeof max === 'number' && min > max) p.add(`${at}/min_length`, 'must not be greater than max_length');
  if (el.initial_value === undefined) return;
  if (typeof el.initial_value !== 'string') return p.add(`${at}/initial_value`, 'must be a string');
  const limit = typeof max === 'number' ? Math.min(max, L.textInputLength) : L.textInputLength;
  if (el.initial_value.length > limit) p.add(`${at}/initial_value`, `must be less than ${limit + 1} characters`);
}

/** is_decimal_allowed is required; the values are numbers as strings (whole ones unless decimals are allowed), min ≤ initial ≤ max. */
function checkNumberInput(el: Obj, at: string, p: Problems): void {
  if (typeof el.is_decimal_allowed !== 'boolean') p.add(`${at}/is_decimal_allowed`, 'must provide a boolean');
  const numbers: Partial<Record<'initial_value' | 'min_value' | 'max_value', number>> = {};
  for (const key of ['initial_value', 'min_value', 'max_value'] as const) {
    const value = el[key];
    if (value === undefined) continue;
    const pattern = el.is_decimal_allowed === true ? /^-?\d+(\.\d+)?$/ : /^-?\d+$/;
    if (typeof value !== 'string' || !pattern.test(value)) {
      p.add(`${at}/${key}`, el.is_decimal_allowed === true ? 'must be a number as a string' : 'must be a whole number as a string');
    } else numbers[key] = Number(value);
  }
  const { initial_value: initial, min_value: min, max_value: max } = numbers;
  if (min !== undefined && max !== undefined && min > max) p.add(`${at}/min_value`, 'must not be greater than max_value');
  if (initial !== undefined && ((min !== undefined && initial < min) || (max !== undefined && initial > max))) p.add(`${at}/initial_value`, 'must be between min_value and max_value');
}

function checkProps(obj: Obj, allowed: readonly string[], at: string, p: Problems): void {
  for (const key of Object.keys(obj)) if (!allowed.includes(key)) p.add(`${at}/${key}`, `invalid additional property: ${key}`);
}

/** How many options each element takes, and whether their text may be mrkdwn. */
function checkOptions(el: Obj, at: string, p: Problems): void {
  const count =
    el.type === 'checkboxes' ? { max: L.checkboxOptions } : el.type === 'radio_buttons' ? { max: L.radioOptions } : el.type === 'overflow' ? L.overflowOptions : { max: L.selectOptions };
  checkOptionList(el.options, `${at}/options`, p, count, el.type === 'checkboxes' || el.type === 'radio_buttons', el.type === 'overflow');
}

function checkOptionList(options: unknown, at: string, p: Problems, count: { min?: number; max: number }, mrkdwn: boolean, urls = false): void {
  if (!Array.isArray(options)) return p.add(at, 'must provide an array');
  if (options.length < (count.min ?? 1)) p.add(at, `must provide at least ${count.min ?? 1} items`);
  if (options.length > count.max) p.add(at, `no more than ${count.max} items allowed`);
  options.forEach((o, i) => {
    const where = `${at}/${i}`;
    if (!isObj(o)) return p.add(where, 'must provide an object');
    checkProps(o, urls ? OPTION_PROPS : OPTION_PROPS.filter((k) => k !== 'url'), where, p);
    checkText(o.text, `${where}/text`, p, { max: L.optionText, plainOnly: !mrkdwn, required: true });
    if (o.value !== undefined) requireString(o, 'value', where, p, L.optionValue);
    if (o.description !== undefined) checkText(o.description, `${where}/description`, p, { max: L.optionDescription, plainOnly: !mrkdwn });
    if (o.url !== undefined) requireString(o, 'url', where, p, L.optionUrl);
  });
}

function checkConfirm(confirm: unknown, at: string, p: Problems): void {
  if (!isObj(confirm)) return p.add(at, 'must provide an object');
  checkProps(confirm, CONFIRM_PROPS, at, p);
  checkText(confirm.title, `${at}/title`, p, { max: L.confirmTitle, plainOnly: true, required: true });
  checkText(confirm.text, `${at}/text`, p, { max: L.confirmText, required: true });
  checkText(confirm.confirm, `${at}/confirm`, p, { max: L.confirmButton, plainOnly: true, required: true });
  checkText(confirm.deny, `${at}/deny`, p, { max: L.confirmButton, plainOnly: true, required: true });
  if (confirm.style !== undefined && confirm.style !== 'primary' && confirm.style !== 'danger') p.add(`${at}/style`, 'must be one of primary, danger');
}

function checkText(
  value: unknown,
  at: string,
  p: Problems,
  rule: { max: number; plainOnly?: boolean; required?: boolean },
): void {
  if (value === undefined) {
    if (rule.required) p.add(at, 'must provide an object');
    return;
  }
  if (!isObj(value)) return p.add(at, 'must provide an object');
  checkProps(value, TEXT_PROPS, at, p);
  if (value.type !== 'plain_text' && (rule.plainOnly || value.type !== 'mrkdwn')) {
    return p.add(`${at}/type`, rule.plainOnly ? 'must be plain_text' : 'must be one of plain_text, mrkdwn');
  }
  if (typeof value.text !== 'string' || value.text.length === 0) return p.add(`${at}/text`, 'must be more than 0 characters');
  if (value.text.length > rule.max) p.add(`${at}/text`, `must be less than ${rule.max + 1} characters`);
}

function requireString(obj: Obj, key: string, at: string, p: Problems, max: number): void {
  const value = obj[key];
  if (typeof value !== 'string' || value.length === 0) p.add(`${at}/${key}`, 'must be more than 0 characters');
  else if (value.length > max) p.add(`${at}/${key}`, `must be less than ${max + 1} characters`);
}

export type ViewCheck =
  | { ok: true; type: 'home' | 'modal' }
  | { ok: false; error: 'invalid_blocks' | 'invalid_blocks_format' | 'invalid_arguments' | 'view_too_large'; errors: string[] };

/**
 * A view payload for views.open/push/update/publish. Block problems come back as invalid_blocks (what
 * callers act on); the view's own fields as invalid_arguments, as Slack reports them.
 */
export function validateView(view: unknown, allowed: ReadonlyArray<'home' | 'modal'>): ViewCheck {
  if (!isObj(view)) return { ok: false, error: 'invalid_arguments', errors: ['must provide an object [json-pointer:/view]'] };
  const bytes = Buffer.byteLength(JSON.stringify(view), 'utf8');
  if (bytes > L.viewBytes) return { ok: false, error: 'view_too_large', errors: [`view is ${bytes} bytes; at most ${L.viewBytes} allowed [json-pointer:/view]`] };
  const type = view.type;
  if (type !== 'home' && type !== 'modal') {
    return { ok: false, error: 'invalid_arguments', errors: ['must be one of modal, home [json-pointer:/view/type]'] };
  }
  if (!allowed.includes(type)) {
    return { ok: false, error: 'invalid_arguments', errors: [`view type ${type} is not allowed here [json-pointer:/view/type]`] };
  }
  const blocks = validateBlocks(view.blocks, type);
  if (!blocks.ok) return blocks;
  const p = new Problems();
  if (type === 'modal') {
    checkText(view.title, '/view/title', p, { max: L.modalTitle, plainOnly: true, required: true });
    if (view.submit !== undefined) checkText(view.submit, '/view/submit', p, { max: L.modalButton, plainOnly: true });
    if (view.close !== undefined) checkText(view.close, '/view/close', p, { max: L.modalButton, plainOnly: true });
    const hasInput = (view.blocks as unknown[]).some((b) => isObj(b) && b.type === 'input');
    if (hasInput && view.submit === undefined) p.add('/view/submit', 'must provide submit when the view has input blocks');
  }
  for (const key of ['private_metadata', 'callback_id', 'external_id'] as const) {
    const value = view[key];
    if (value === undefined) continue;
    const max = key === 'private_metadata' ? L.privateMetadata : key === 'callback_id' ? L.callbackId : L.externalId;
    if (typeof value !== 'string' || value.length > max) p.add(`/view/${key}`, `must be a string of at most ${max} characters`);
  }
  return p.list.length === 0 ? { ok: true, type } : { ok: false, error: 'invalid_arguments', errors: p.list };
}
