import { describe, expect, it } from 'vitest';
import { BUNDLES, PRESETS, presetById } from '../../../src/journeys/library.js';
import { planAddPreset, planRemovePreset, presetPurposes, presetSelected } from '../../../src/journeys/presets.js';

const welcome = presetById(101)!;

describe('preset add/remove rules (programs.md §4)', () => {
  it('adding a preset to a journey without it creates all its events', () => {
    const plan = planAddPreset(welcome, []);
    expect(plan.reactivate).toEqual([]);
    expect(plan.create.map((e) => e.id)).toEqual(welcome.events.map((e) => e.id));
  });

  it('adding it again re-activates the events it had and creates only the missing ones', () => {
    const events = [
      { id: 7, preset_id: 101, preset_event_id: welcome.events[0]!.id, active: false },
      { id: 8, preset_id: 101, preset_event_id: welcome.events[1]!.id, active: true },
      { id: 9, preset_id: 102, preset_event_id: 10201, active: false },
    ];
    const plan = planAddPreset(welcome, events);
    expect(plan.reactivate).toEqual([7]);
    expect(plan.create.map((e) => e.id)).toEqual([welcome.events[2]!.id]);
  });

  it('removing deactivates only that preset’s active events', () => {
    const events = [
      { id: 7, preset_id: 101, preset_event_id: 10101, active: true },
      { id: 8, preset_id: 101, preset_event_id: 10102, active: false },
      { id: 9, preset_id: 102, preset_event_id: 10201, active: true },
      { id: 10, preset_id: null, preset_event_id: null, active: true },
    ];
    expect(planRemovePreset(101, events).deactivate).toEqual([7]);
  });

  it('a preset stays selected while any of its events is active', () => {
    const events = [
      { id: 7, preset_id: 101, preset_event_id: 10101, active: false },
      { id: 8, preset_id: 101, preset_event_id: 10102, active: true },
    ];
    expect(presetSelected(101, events)).toBe(true);
    expect(presetSelected(101, [{ ...events[0]! }, { ...events[1]!, active: false }])).toBe(false);
    expect(presetSelected(102, events)).toBe(false);
  });

  it('involved roles come from recipients and the roles events are about', () => {
    expect(presetPurposes(presetById(103)!).sort()).toEqual(['buddy', 'primary']);
    expect(presetPurposes(presetById(102)!).sort()).toEqual(['manager', 'primary']);
  });
});

describe('the shipped library', () => {
  it('has unique ids, real texts, valid polls and bundles that name real presets', () => {
    const eventIds = PRESETS.flatMap((p) => p.events.map((e) => e.id));
    expect(new Set(eventIds).size).toBe(eventIds.length);
    expect(new Set(PRESETS.map((p) => p.id)).size).toBe(PRESETS.length);
    for (const p of PRESETS)
      for (const e of p.events) {
        expect(e.text.length, `${e.id}`).toBeGreaterThan(40);
        expect(e.minute_in_day).toBeGreaterThanOrEqual(0);
        expect(e.minute_in_day).toBeLessThan(1440);
        if (e.kind === 'poll') expect(e.poll_options?.length).toBeGreaterThanOrEqual(2);
        if (e.kind === 'intro') expect(e.about.length).toBeGreaterThan(0);
        if (e.recipient_type === 'role') expect(e.recipient).not.toBeNull();
      }
    for (const b of BUNDLES) for (const id of b.preset_ids) expect(presetById(id), `${b.id}:${id}`).toBeDefined();
    for (const flow of ['onboarding', 'mentorship', 'training', 'offboarding'] as const) expect(PRESETS.some((p) => p.flow_types.includes(flow))).toBe(true);
    expect(BUNDLES.some((b) => b.quick_setup_types.includes('hris_one_click_onboarding'))).toBe(true);
  });
});
