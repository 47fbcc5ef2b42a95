import { describe, expect, it } from 'vitest';
import { validateBlocks, validateView } from '../../../src/sandbox/blocks.js';

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
