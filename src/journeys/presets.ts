// The preset rules (programs.md §4), pure so they are tested alone: adding a preset marks it selected and puts its
// events in use; removing unselects it and deactivates its events; a preset stays selected while any of its events
// in the journey is active.
import type { FlowType, RolePurpose } from './api-types.js';
import type { LibraryEvent, LibraryPreset } from './library.js';
import type { JourneyCustomPreset } from './tables.js';

export interface JourneyEventState {
  id: number;
  preset_id: number | null;
  preset_event_id: number | null;
  active: boolean;
}

/** Adding a preset: re-activate the journey's events that came from it, and create the ones it never had. */
export function planAddPreset(preset: LibraryPreset, events: readonly JourneyEventState[]): { reactivate: number[]; create: LibraryEvent[] } {
  const fromPreset = events.filter((e) => e.preset_id === preset.id);
  const had = new Set(fromPreset.map((e) => e.preset_event_id));
  return {
    reactivate: fromPreset.filter((e) => !e.active).map((e) => e.id),
    create: preset.events.filter((e) => !had.has(e.id)),
  };
}

/** Removing a preset: deactivate every active event of the journey that came from it (kept, so re-adding restores edits). */
export function planRemovePreset(presetId: number, events: readonly JourneyEventState[]): { deactivate: number[] } {
  return { deactivate: events.filter((e) => e.preset_id === presetId && e.active).map((e) => e.id) };
}

/** A preset is selected while any of its events in the journey is active. */
export function presetSelected(presetId: number, events: readonly JourneyEventState[]): boolean {
  return events.some((e) => e.preset_id === presetId && e.active);
}

/** The role purposes a preset involves: its recipients and the roles it introduces or mentions. */
export function presetPurposes(preset: LibraryPreset): RolePurpose[] {
  const out = new Set<RolePurpose>();
  for (const e of preset.events) {
    if (e.recipient) out.add(e.recipient);
    for (const p of e.about) out.add(p);
  }
  return [...out];
}

/** Whether a preset fits a journey's flow type (the library's presets name the flows they are written for). */
export const presetFits = (preset: LibraryPreset, flowType: FlowType): boolean => preset.flow_types.includes(flowType);

/** The earliest and latest work day of a preset's events (the bundle wizard shows the span). */
export function presetSpan(preset: LibraryPreset): { earliest_day: number; latest_day: number } {
  const days = preset.events.map((e) => e.days_later);
  return { earliest_day: Math.min(...days), latest_day: Math.max(...days) };
}

/** A workspace's own preset, read as a library preset (the same rules and presenters apply to both). */
export function customPreset(row: JourneyCustomPreset): LibraryPreset {
  return { id: row.id, category_id: row.category_id, name: row.name, description: row.description, flow_types: row.flow_types, events: row.events.map((e) => ({ ...e, about: e.about ?? [] })), custom: true };
}
