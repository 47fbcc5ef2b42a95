import { describe, expect, it } from 'vitest';
import type { JsonObject } from './types';
import { initialRaw, inputValues, plainText, rawFromState } from './values';

const option = (value: string) => ({ text: { type: 'plain_text', text: value }, value });

describe('Block Kit values', () => {
  it('shows plain_text emoji shortcodes as Slack does, unless emoji is false', () => {
    expect(plainText({ type: 'plain_text', text: 'Hi :wave:' })).toBe('Hi 👋');
    expect(plainText({ type: 'plain_text', text: 'Hi :wave:', emoji: false })).toBe('Hi :wave:');
    expect(plainText({ type: 'mrkdwn', text: '*Hi*' })).toBe('*Hi*');
  });

  it('reads initial values per element type', () => {
    expect(initialRaw({ type: 'plain_text_input', initial_value: 'x' })).toBe('x');
    expect(initialRaw({ type: 'static_select', initial_option: option('b') })).toBe('b');
    expect(initialRaw({ type: 'checkboxes', initial_options: [option('a'), option('c')] })).toEqual(['a', 'c']);
    expect(initialRaw({ type: 'users_select', initial_user: 'U1' })).toBe('U1');
    expect(initialRaw({ type: 'datepicker', initial_date: '2026-03-02' })).toBe('2026-03-02');
    expect(initialRaw({ type: 'multi_static_select' })).toEqual([]);
    expect(initialRaw({ type: 'plain_text_input' })).toBeNull();
  });

  it('reads what the sandbox kept in view.state.values', () => {
    expect(rawFromState({ type: 'plain_text_input', value: 'Alex' })).toBe('Alex');
    expect(rawFromState({ type: 'static_select', selected_option: option('people') })).toBe('people');
    expect(rawFromState({ type: 'static_select', selected_option: null })).toBeNull();
    expect(rawFromState({ type: 'checkboxes', selected_options: [option('a')] })).toEqual(['a']);
    expect(rawFromState({ type: 'users_select', selected_user: 'U2' })).toBe('U2');
    expect(rawFromState({ type: 'multi_users_select', selected_users: ['U1', 'U2'] })).toEqual(['U1', 'U2']);
  });

  it('collects every input of a modal: kept state first, then the initial value', () => {
    const blocks: JsonObject[] = [
      { type: 'input', block_id: 'name', element: { type: 'plain_text_input', action_id: 'v', initial_value: 'first' } },
      { type: 'input', block_id: 'team', element: { type: 'static_select', action_id: 'v', options: [option('a')], initial_option: option('a') } },
      { type: 'section', block_id: 's', text: { type: 'mrkdwn', text: 'not an input' } },
    ];
    const values = inputValues({ blocks, state: { values: { name: { v: { type: 'plain_text_input', value: 'kept' } } } } });
    expect(values).toEqual({ name: { v: 'kept' }, team: { v: 'a' } });
  });
});
