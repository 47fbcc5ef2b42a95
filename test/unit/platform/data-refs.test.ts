import { describe, expect, it } from 'vitest';
import { refName, refsOf, remapJson, remapText } from '../../../src/platform/data/define.js';

const plus100 = (id: number) => id + 100;

describe('open data: references inside JSON values and text keys', () => {
  it('rewrites ids at a JSON path, keeping numbers as numbers and numeric strings as strings', () => {
    expect(remapJson([{ member_id: 1, why: 'cap' }, { member_id: 2 }], '[].member_id', plus100)).toEqual([{ member_id: 101, why: 'cap' }, { member_id: 102 }]);
    const detail = { kind: 'repeat', pairs: [{ members: ['3', '4'], timesMet: 1 }], sharedCategories: ['7'] };
    expect(remapJson(detail, 'pairs[].members[]', plus100)).toEqual({ kind: 'repeat', pairs: [{ members: ['103', '104'], timesMet: 1 }], sharedCategories: ['7'] });
    expect(remapJson([5, 6], '[]', plus100)).toEqual([105, 106]);
    // A value without the path, or of another shape, is left alone; the input is not changed.
    expect(remapJson({ kind: 'first_time', sharedCategories: [] }, 'pairs[].members[]', plus100)).toEqual({ kind: 'first_time', sharedCategories: [] });
    expect(remapJson(null, '[].member_id', plus100)).toBeNull();
    expect(remapJson({ pairs: 'x' }, 'pairs[].members[]', plus100)).toEqual({ pairs: 'x' });
    expect(detail.pairs[0]!.members).toEqual(['3', '4']);
  });

  it('rewrites ids that are an object’s keys, or inside each of its values', () => {
    const settings = { '7': { method: 'specific_user', user_id: 3 }, '8': { method: 'selected_by_role', selector_role_id: 7 } };
    expect(remapJson(settings, '{key}', plus100)).toEqual({ '107': settings['7'], '108': settings['8'] });
    expect(remapJson(settings, '{}.user_id', plus100)).toEqual({ '7': { method: 'specific_user', user_id: 103 }, '8': settings['8'] });
    expect(remapJson(settings, '{}.selector_role_id', plus100)).toEqual({ '7': settings['7'], '8': { method: 'selected_by_role', selector_role_id: 107 } });
    expect(remapJson({ selector_id: 4, channel_id: 'C1' }, 'selector_id', plus100)).toEqual({ selector_id: 104, channel_id: 'C1' });
  });

  it('rewrites the id a text key names, and only that part', () => {
    expect(remapText('shoutout:41', '^shoutout:(\\d+)$', plus100)).toBe('shoutout:141');
    expect(remapText('intro_met:7:12', '^intro_met:(\\d+):', plus100)).toBe('intro_met:107:12');
    expect(remapText('intro_met:7:12', '^(?:intro_met:\\d+|birthday:\\d{4}):(\\d+)$', plus100)).toBe('intro_met:7:112');
    expect(remapText('birthday:2026:12', '^(?:intro_met:\\d+|birthday:\\d{4}):(\\d+)$', plus100)).toBe('birthday:2026:112');
    expect(remapText('bonus:3:request-1', '^bonus:(\\d+):', plus100)).toBe('bonus:103:request-1');
    expect(remapText('task_completed:9', '^shoutout:(\\d+)$', plus100)).toBe('task_completed:9');
    expect(remapText(null, '^shoutout:(\\d+)$', plus100)).toBeNull();
  });

  it('names each reference in the manifest by its column and where inside it', () => {
    const refs = refsOf({ table: 't', description: '', refs: { a: 'members', b: [{ table: 'members', json: '[].member_id' }, { table: 'x', json: 'pairs[].members[]' }], c: { table: 'y', pattern: '^k:(\\d+)$' } } });
    expect(refs.map(([col, r]) => [refName(col, r), r.table])).toEqual([
      ['a', 'members'],
      ['b[].member_id', 'members'],
      ['b.pairs[].members[]', 'x'],
      ['c~^k:(\\d+)$', 'y'],
    ]);
  });
});
