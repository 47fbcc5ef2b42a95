import { describe, expect, it } from 'vitest';
import { BLOCK_KIT_LIMITS, validateBlocks, validateView } from '../../../src/sandbox/blocks.js';

const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text } });

describe('validateBlocks', () => {
  it('accepts a typical message', () => {
    const blocks = [
      { type: 'header', text: { type: 'plain_text', text: 'Meet your intro partner' } },
      section('You and <@U0DEMO007> are paired this week.'),
      { type: 'divider' },
      {
        type: 'actions',
        elements: [
          { type: 'button', action_id: 'met', text: { type: 'plain_text', text: 'We met' }, style: 'primary', value: 'r1' },
          { type: 'static_select', action_id: 'when', options: [{ text: { type: 'plain_text', text: 'Mon' }, value: 'mon' }] },
        ],
      },
      { type: 'context', elements: [{ type: 'mrkdwn', text: 'Sent by Hearth' }] },
    ];
    expect(validateBlocks(blocks, 'message')).toEqual({ ok: true });
  });

  it('allows 50 blocks in a message and rejects 51', () => {
    expect(validateBlocks(Array.from({ length: 50 }, () => ({ type: 'divider' })), 'message').ok).toBe(true);
    const result = validateBlocks(Array.from({ length: 51 }, () => ({ type: 'divider' })), 'message');
    expect(result).toMatchObject({ ok: false, error: 'invalid_blocks' });
    if (!result.ok) expect(result.errors[0]).toContain('[json-pointer:/blocks]');
  });

  it('allows 100 blocks in a modal or home tab but not 101', () => {
    const hundred = Array.from({ length: 100 }, () => ({ type: 'divider' }));
    expect(validateBlocks(hundred, 'home').ok).toBe(true);
    expect(validateBlocks([...hundred, { type: 'divider' }], 'modal')).toMatchObject({ ok: false, error: 'invalid_blocks' });
  });

  it('rejects unknown block types and element types', () => {
    expect(validateBlocks([{ type: 'carousel' }], 'message')).toMatchObject({ ok: false, error: 'invalid_blocks' });
    const badAccessory = [{ ...section('hi'), accessory: { type: 'plain_text_input', action_id: 'x' } }];
    expect(validateBlocks(badAccessory, 'message')).toMatchObject({ ok: false });
    const badAction = [{ type: 'actions', elements: [{ type: 'email_text_input', action_id: 'x' }] }];
    expect(validateBlocks(badAction, 'message')).toMatchObject({ ok: false });
  });

  it('limits section text to 3000 characters', () => {
    expect(validateBlocks([section('x'.repeat(3000))], 'message').ok).toBe(true);
    const result = validateBlocks([section('x'.repeat(3001))], 'message');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toContain('/blocks/0/text/text');
  });

  it('rejects empty text, header mrkdwn, duplicate block ids and non-arrays', () => {
    expect(validateBlocks([section('')], 'message').ok).toBe(false);
    expect(validateBlocks([{ type: 'header', text: { type: 'mrkdwn', text: 'x' } }], 'message').ok).toBe(false);
    expect(validateBlocks([{ type: 'divider', block_id: 'a' }, { type: 'divider', block_id: 'a' }], 'message').ok).toBe(false);
    expect(validateBlocks({ type: 'divider' }, 'message')).toMatchObject({ ok: false, error: 'invalid_blocks_format' });
  });
});

describe('validateView', () => {
  const modal = { type: 'modal', title: { type: 'plain_text', text: 'Enroll' }, blocks: [section('Join?')] };

  it('accepts a modal and a home view where allowed', () => {
    expect(validateView(modal, ['modal'])).toEqual({ ok: true, type: 'modal' });
    expect(validateView({ type: 'home', blocks: [] }, ['home'])).toEqual({ ok: true, type: 'home' });
  });

  it('rejects the wrong view type, a long title and input without submit', () => {
    expect(validateView(modal, ['home'])).toMatchObject({ ok: false, error: 'invalid_arguments' });
    expect(validateView({ ...modal, title: { type: 'plain_text', text: 'x'.repeat(25) } }, ['modal'])).toMatchObject({ ok: false });
    const input = { type: 'input', label: { type: 'plain_text', text: 'Name' }, element: { type: 'plain_text_input', action_id: 'n' } };
    expect(validateView({ ...modal, blocks: [input] }, ['modal'])).toMatchObject({ ok: false, error: 'invalid_arguments' });
    expect(validateView({ ...modal, blocks: [input], submit: { type: 'plain_text', text: 'Save' } }, ['modal']).ok).toBe(true);
  });

  it('reports block problems as invalid_blocks', () => {
    const blocks = Array.from({ length: 101 }, () => ({ type: 'divider' }));
    expect(validateView({ type: 'home', blocks }, ['home'])).toMatchObject({ ok: false, error: 'invalid_blocks' });
  });
});

describe('Block Kit checks completed (issue 12, item 7)', () => {
  const pt = (text: string) => ({ type: 'plain_text', text });
  const opt = (text: string, value = 'v') => ({ text: pt(text), value });
  const section = (accessory: Record<string, unknown>) => [{ type: 'section', text: { type: 'mrkdwn', text: 'hi' }, accessory }];
  const errorsOf = (blocks: unknown, surface: 'message' | 'modal' | 'home' = 'message') => {
    const check = validateBlocks(blocks, surface);
    return check.ok ? [] : check.errors;
  };

  it('takes every limit from one table', () => {
    expect(BLOCK_KIT_LIMITS).toMatchObject({ optionText: 75, optionValue: 150, placeholder: 150, confirmTitle: 100, confirmText: 300, confirmButton: 30, checkboxOptions: 10, overflowOptions: { min: 1, max: 5 }, viewBytes: 250_000 });
  });

  it('rejects option text and value over their lengths', () => {
    const select = (o: unknown) => section({ type: 'static_select', action_id: 'a', options: [o] });
    expect(errorsOf(select(opt('x'.repeat(75))))).toEqual([]);
    expect(errorsOf(select(opt('x'.repeat(76))))).toEqual(['must be less than 76 characters [json-pointer:/blocks/0/accessory/options/0/text/text]']);
    expect(errorsOf(select(opt('ok', 'v'.repeat(151))))).toEqual(['must be less than 151 characters [json-pointer:/blocks/0/accessory/options/0/value]']);
  });

  it('rejects a placeholder over 150 characters', () => {
    expect(errorsOf(section({ type: 'users_select', action_id: 'u', placeholder: pt('p'.repeat(151)) }))).toEqual(['must be less than 151 characters [json-pointer:/blocks/0/accessory/placeholder/text]']);
  });

  it('checks a confirm dialog’s texts', () => {
    const confirm = { title: pt('t'.repeat(101)), text: pt('Sure?'), confirm: pt('Yes'), deny: pt('n'.repeat(31)) };
    expect(errorsOf(section({ type: 'button', action_id: 'b', text: pt('Go'), confirm }))).toEqual([
      'must be less than 101 characters [json-pointer:/blocks/0/accessory/confirm/title/text]',
      'must be less than 31 characters [json-pointer:/blocks/0/accessory/confirm/deny/text]',
    ]);
  });

  it('counts checkbox and overflow options', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => opt(`o${i}`, `v${i}`));
    expect(errorsOf([{ type: 'actions', elements: [{ type: 'checkboxes', action_id: 'c', options: many(11) }] }])).toEqual(['no more than 10 items allowed [json-pointer:/blocks/0/elements/0/options]']);
    expect(errorsOf(section({ type: 'overflow', action_id: 'o', options: many(6) }))).toEqual(['no more than 5 items allowed [json-pointer:/blocks/0/accessory/options]']);
    expect(errorsOf(section({ type: 'overflow', action_id: 'o', options: many(5) }))).toEqual([]);
  });

  it('rejects unknown properties on blocks, elements and text objects', () => {
    expect(errorsOf([{ type: 'divider', colour: 'red' }])).toEqual(['invalid additional property: colour [json-pointer:/blocks/0/colour]']);
    expect(errorsOf(section({ type: 'button', action_id: 'b', text: { ...pt('Go'), bold: true }, size: 'l' }))).toEqual([
      'invalid additional property: size [json-pointer:/blocks/0/accessory/size]',
      'invalid additional property: bold [json-pointer:/blocks/0/accessory/text/bold]',
    ]);
  });

  it('refuses input blocks in messages, and takes them in modals', () => {
    const input = [{ type: 'input', label: pt('Name'), element: { type: 'plain_text_input', action_id: 'n' } }];
    expect(errorsOf(input, 'message')).toEqual(['unsupported type: input [json-pointer:/blocks/0/type]']);
    expect(errorsOf(input, 'modal')).toEqual([]);
  });

  it('answers view_too_large for a view over 250 kB', () => {
    const blocks = Array.from({ length: 100 }, () => ({ type: 'section', text: { type: 'mrkdwn', text: 'é'.repeat(1300) } }));
    const check = validateView({ type: 'home', blocks }, ['home']);
    expect(check).toMatchObject({ ok: false, error: 'view_too_large' });
    expect(validateView({ type: 'home', blocks: blocks.slice(0, 50) }, ['home'])).toMatchObject({ ok: true });
  });
});

describe('element rules, as strict as Slack', () => {
  const input = (element: Record<string, unknown>) => [{ type: 'input', block_id: 'b', label: { type: 'plain_text', text: 'Q' }, element: { action_id: 'a', ...element } }];
  const options = (n: number) => Array.from({ length: n }, (_, i) => ({ text: { type: 'plain_text', text: `Option ${i}` }, value: String(i) }));
  const problems = (blocks: unknown[]) => {
    const check = validateBlocks(blocks, 'modal');
    return check.ok ? [] : check.errors;
  };

  it('radio buttons and checkboxes take at most 10 options, a static select 100', () => {
    expect(problems(input({ type: 'radio_buttons', options: options(10) }))).toEqual([]);
    expect(problems(input({ type: 'radio_buttons', options: options(11) }))).toEqual(['no more than 10 items allowed [json-pointer:/blocks/0/element/options]']);
    expect(problems(input({ type: 'checkboxes', options: options(12) }))).toEqual(['no more than 10 items allowed [json-pointer:/blocks/0/element/options]']);
    expect(problems(input({ type: 'static_select', options: options(100) }))).toEqual([]);
    expect(problems(input({ type: 'static_select', options: options(101) }))).toEqual(['no more than 100 items allowed [json-pointer:/blocks/0/element/options]']);
  });

  it('an initial option must be one of the options', () => {
    const [first] = options(1);
    expect(problems(input({ type: 'radio_buttons', options: options(3), initial_option: first }))).toEqual([]);
    expect(problems(input({ type: 'radio_buttons', options: options(3), initial_option: { text: { type: 'plain_text', text: 'Other' }, value: '0' } }))).toEqual([
      'must match one of the options [json-pointer:/blocks/0/element/initial_option]',
    ]);
  });

  it("a text input's initial_value fits its max_length (at most 3000)", () => {
    expect(problems(input({ type: 'plain_text_input', max_length: 5, initial_value: 'abcde' }))).toEqual([]);
    expect(problems(input({ type: 'plain_text_input', max_length: 5, initial_value: 'abcdef' }))).toEqual(['must be less than 6 characters [json-pointer:/blocks/0/element/initial_value]']);
    expect(problems(input({ type: 'plain_text_input', initial_value: 'x'.repeat(3001) }))).toEqual(['must be less than 3001 characters [json-pointer:/blocks/0/element/initial_value]']);
    expect(problems(input({ type: 'plain_text_input', max_length: 3001 }))).toEqual(['must be an integer from 1 to 3000 [json-pointer:/blocks/0/element/max_length]']);
    expect(problems(input({ type: 'plain_text_input', min_length: 10, max_length: 5 }))).toEqual(['must not be greater than max_length [json-pointer:/blocks/0/element/min_length]']);
  });

  it('number inputs need is_decimal_allowed and numbers as strings within their range', () => {
    expect(problems(input({ type: 'number_input', is_decimal_allowed: false, min_value: '1', initial_value: '10' }))).toEqual([]);
    expect(problems(input({ type: 'number_input', min_value: '1' }))).toEqual(['must provide a boolean [json-pointer:/blocks/0/element/is_decimal_allowed]']);
    expect(problems(input({ type: 'number_input', is_decimal_allowed: false, initial_value: '1.5' }))).toEqual(['must be a whole number as a string [json-pointer:/blocks/0/element/initial_value]']);
    expect(problems(input({ type: 'number_input', is_decimal_allowed: true, initial_value: '1.5', max_value: '1' }))).toEqual(['must be between min_value and max_value [json-pointer:/blocks/0/element/initial_value]']);
    expect(problems(input({ type: 'number_input', is_decimal_allowed: false, initial_value: 10 }))).toEqual(['must be a whole number as a string [json-pointer:/blocks/0/element/initial_value]']);
  });

  it('dates are YYYY-MM-DD (a real day), times HH:mm', () => {
    expect(problems(input({ type: 'datepicker', initial_date: '2026-12-07' }))).toEqual([]);
    expect(problems(input({ type: 'datepicker', initial_date: '2026-02-30' }))).toEqual(['must be a date in the format YYYY-MM-DD [json-pointer:/blocks/0/element/initial_date]']);
    expect(problems(input({ type: 'datepicker', initial_date: '12/07/2026' }))).toHaveLength(1);
    expect(problems(input({ type: 'timepicker', initial_time: '09:30' }))).toEqual([]);
    expect(problems(input({ type: 'timepicker', initial_time: '9:30' }))).toEqual(['must be a time in the format HH:mm [json-pointer:/blocks/0/element/initial_time]']);
  });

  it('button text 75, section text 3000, header 150', () => {
    const button = (text: string) => [{ type: 'actions', elements: [{ type: 'button', action_id: 'a', text: { type: 'plain_text', text } }] }];
    expect(problems(button('x'.repeat(75)))).toEqual([]);
    expect(problems(button('x'.repeat(76)))).toEqual(['must be less than 76 characters [json-pointer:/blocks/0/elements/0/text/text]']);
    expect(problems([section('x'.repeat(3001))])).toEqual(['must be less than 3001 characters [json-pointer:/blocks/0/text/text]']);
    expect(problems([{ type: 'header', text: { type: 'plain_text', text: 'x'.repeat(151) } }])).toEqual(['must be less than 151 characters [json-pointer:/blocks/0/text/text]']);
  });
});
