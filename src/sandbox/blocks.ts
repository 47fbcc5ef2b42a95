/**
 * Block Kit validation with Slack's limits, so a builder that would be rejected in production is rejected
 * in the sandbox too. Problems are reported the way Slack words them: "<what> [json-pointer:/blocks/0/text]".
 * Not every rule Slack has; the ones Hearth's builders can plausibly break.
 */

export type BlockSurface = 'message' | 'modal' | 'home';

export const MAX_BLOCKS: Record<BlockSurface, number> = { message: 50, modal: 100, home: 100 };
export const MAX_SECTION_TEXT = 3000;

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
  blocks.forEach((block, i) => checkBlock(block, `/blocks/${i}`, problems, blockIds));
  return problems.list.length === 0 ? { ok: true } : { ok: false, error: 'invalid_blocks', errors: problems.list };
}

function checkBlock(block: unknown, at: string, p: Problems, blockIds: Set<string>): void {
  if (!isObj(block)) return p.add(at, 'must be an object');
  const type = block.type;
  if (typeof type !== 'string' || !KNOWN_BLOCK_TYPES.has(type)) {
    return p.add(`${at}/type`, `unsupported type: ${String(type)}`);
  }
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
      return checkText(block.text, `${at}/text`, p, { max: 150, plainOnly: true, required: true });
    case 'image':
      return checkImage(block, at, p);
    case 'actions':
      return checkElements(block.elements, `${at}/elements`, p, ACTION_ELEMENT_TYPES, 25);
    case 'context':
      return checkContext(block, at, p);
    case 'input':
      checkText(block.label, `${at}/label`, p, { max: 2000, plainOnly: true, required: true });
      if (block.hint !== undefined) checkText(block.hint, `${at}/hint`, p, { max: 2000, plainOnly: true });
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
      if (block.fields.length > 10) p.add(`${at}/fields`, 'no more than 10 items allowed');
      block.fields.forEach((f, i) => checkText(f, `${at}/fields/${i}`, p, { max: 2000, required: true }));
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
  if (elements.length > 10) p.add(`${at}/elements`, 'no more than 10 items allowed');
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
  if (el.action_id !== undefined && (typeof el.action_id !== 'string' || el.action_id.length > 255)) {
    p.add(`${at}/action_id`, 'must be a string of at most 255 characters');
  }
  if (el.type === 'button') {
    checkText(el.text, `${at}/text`, p, { max: 75, plainOnly: true, required: true });
    if (el.value !== undefined && (typeof el.value !== 'string' || el.value.length > 2000)) {
      p.add(`${at}/value`, 'must be a string of at most 2000 characters');
    }
    if (el.url !== undefined && (typeof el.url !== 'string' || el.url.length > 3000)) {
      p.add(`${at}/url`, 'must be a string of at most 3000 characters');
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
  if (Array.isArray(el.options) && el.options.length > 100) p.add(`${at}/options`, 'no more than 100 items allowed');
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
  | { ok: false; error: 'invalid_blocks' | 'invalid_blocks_format' | 'invalid_arguments'; errors: string[] };

/**
 * A view payload for views.open/push/update/publish. Block problems come back as invalid_blocks (what
 * callers act on); the view's own fields as invalid_arguments, as Slack reports them.
 */
export function validateView(view: unknown, allowed: ReadonlyArray<'home' | 'modal'>): ViewCheck {
  if (!isObj(view)) return { ok: false, error: 'invalid_arguments', errors: ['must provide an object [json-pointer:/view]'] };
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
    checkText(view.title, '/view/title', p, { max: 24, plainOnly: true, required: true });
    if (view.submit !== undefined) checkText(view.submit, '/view/submit', p, { max: 24, plainOnly: true });
    if (view.close !== undefined) checkText(view.close, '/view/close', p, { max: 24, plainOnly: true });
    const hasInput = (view.blocks as unknown[]).some((b) => isObj(b) && b.type === 'input');
    if (hasInput && view.submit === undefined) p.add('/view/submit', 'must provide submit when the view has input blocks');
  }
  for (const key of ['private_metadata', 'callback_id', 'external_id'] as const) {
    const value = view[key];
    if (value === undefined) continue;
    const max = key === 'private_metadata' ? 3000 : 255;
    if (typeof value !== 'string' || value.length > max) p.add(`/view/${key}`, `must be a string of at most ${max} characters`);
  }
  return p.list.length === 0 ? { ok: true, type } : { ok: false, error: 'invalid_arguments', errors: p.list };
}
