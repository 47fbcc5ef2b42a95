import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTagAnswer, PresetAnswer, PresetsIndex, TagPresetsIndex, TogglePresetAnswer } from '../../src/journeys/api-types.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { setPlan, type SandboxHearth, type SignedIn, startSandboxHearth } from '../support/sandbox-hearth.js';

const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ' : 'in-process queue'}`;
const JONAS = 'U0DEMO010';

const goodPreset = {
  preset: {
    name: 'Our security basics',
    description: 'Laptop, passwords and the security training.',
    category_id: 2,
    flow_types: ['onboarding'],
    events: [
      { kind: 'message', days_later: 0, minute_in_day: 600, recipient: 'primary', title: 'Security, {first_name}', text: 'Welcome {first_name}! Set up your password manager today.' },
      { kind: 'task', days_later: 1, minute_in_day: 540, recipient: 'primary', title: 'Finish the security training', text: 'It takes 20 minutes.' },
      { kind: 'poll', days_later: 2, minute_in_day: 540, recipient: 'manager', title: 'Laptop ready?', text: 'Was the laptop ready on day one?', poll_options: ['Yes', 'No'] },
    ],
  },
};

/**
 * A workspace's own presets (/onboarding/presets/new): created by admins, listed and shown with the library's,
 * added to and removed from a journey through the same endpoints; bad input is a 400 naming the field, and another
 * workspace's preset is not found.
 */
describe(`Journeys: custom presets (${path})`, () => {
  let t: SandboxHearth;
  let admin: SignedIn;
  let created: PresetAnswer['preset'];

  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await signIn(t, ACME.teamId, ACME.adminUserId);
    await setPlan(t, ACME.teamId, 'premium');
  });
  afterAll(() => t?.close());

  it('creates a preset the list, its category and its page show beside the library', async () => {
    created = (await t.call<PresetAnswer>(admin, 'POST', '/onboarding/presets', goodPreset)).preset;
    expect(created).toMatchObject({ name: 'Our security basics', category_id: 2, flow_types: ['onboarding'], custom: true });
    expect(created.id).toBeGreaterThanOrEqual(1_000_000);
    expect(created.events.map((e) => [e.kind, e.days_later])).toEqual([['message', 0], ['task', 1], ['poll', 2]]);
    expect(created.involvedRoles.map((r) => r.purpose).sort()).toEqual(['manager', 'primary']);

    const list = await t.call<PresetsIndex>(admin, 'GET', '/onboarding/presets?flow_type=onboarding');
    expect(list.presets.some((p) => p.id === created.id && p.custom)).toBe(true);
    expect(list.presets.some((p) => p.id === 101 && !p.custom)).toBe(true);
    const inCategory = await t.call<{ presets: Array<{ id: number }> }>(admin, 'GET', '/onboarding/preset_categories/2');
    expect(inCategory.presets.map((p) => p.id)).toContain(created.id);
    expect((await t.call<PresetAnswer>(admin, 'GET', `/onboarding/presets/${created.id}`)).preset.name).toBe('Our security basics');
    const ev = created.events[2]!;
    expect((await t.call<{ event: { id: number } }>(admin, 'GET', `/onboarding/presets/${created.id}/events/${ev.id}`)).event.id).toBe(ev.id);
  });

  it('is added to and removed from a journey like a library preset', async () => {
    const form = new FormData();
    form.set('onboarding_tag[name]', 'Engineering onboarding');
    form.set('onboarding_tag[flow_type]', 'onboarding');
    form.set('onboarding_tag[preset_ids]', String(created.id));
    const tag = await t.call<CreateTagAnswer>(admin, 'POST', '/onboarding/tags', form);
    expect(tag.events.map((e) => e.title)).toEqual(['Security, {first_name}', 'Finish the security training', 'Laptop ready?']);

    const ofTag = await t.call<TagPresetsIndex>(admin, 'GET', `/onboarding/tags/${tag.tag.id}/presets`);
    expect(ofTag.presets.find((p) => p.id === created.id)).toMatchObject({ selected: true, custom: true });
    const removed = await t.call<TogglePresetAnswer>(admin, 'PUT', `/onboarding/tags/${tag.tag.id}/presets/${created.id}`, { removing: true });
    expect(removed.removed_event_ids).toHaveLength(3);
    expect(removed.preset.selected).toBe(false);
    const added = await t.call<TogglePresetAnswer>(admin, 'PUT', `/onboarding/tags/${tag.tag.id}/presets/${created.id}`, { removing: false });
    expect(added.preset.selected).toBe(true);
    const extra = await t.call<{ event: { group: string | null; days_later: number } }>(admin, 'POST', `/onboarding/tags/${tag.tag.id}/presets/${created.id}/add_event`, { days_later: 3 });
    expect(extra.event).toMatchObject({ group: 'Our security basics', days_later: 3 });
  });

  it('refuses bad input with 400s naming the field', async () => {
    const bad = async (preset: unknown) => (await t.call<{ fields: Record<string, string> }>(admin, 'POST', '/onboarding/presets', { preset }, 400)).fields;
    const p = goodPreset.preset;
    expect(await bad({ ...p, name: ' ' })).toMatchObject({ 'preset.name': "can't be blank" });
    expect(await bad({ ...p, name: 'x'.repeat(121) })).toMatchObject({ 'preset.name': 'must be at most 120 characters' });
    expect(await bad({ ...p, flow_types: [] })).toMatchObject({ 'preset.flow_types': 'choose at least one flow type' });
    expect(await bad({ ...p, flow_types: ['holidays'] })).toMatchObject({ 'preset.flow_types.0': 'must be onboarding, events, mentorship, training, offboarding or other' });
    expect(await bad({ ...p, events: [] })).toMatchObject({ 'preset.events': 'a preset needs at least one event' });
    expect(await bad({ ...p, events: [{ ...p.events[0], title: '' }] })).toMatchObject({ 'preset.events.0.title': "can't be blank" });
    expect(await bad({ ...p, events: [{ ...p.events[0], minute_in_day: 1440 }] })).toMatchObject({ 'preset.events.0.minute_in_day': 'must be 0 to 1439' });
    expect(await bad({ ...p, events: [{ ...p.events[0], days_later: 600 }] })).toMatchObject({ 'preset.events.0.days_later': 'must be at most 520 work days after' });
    expect(await bad({ ...p, events: [{ ...p.events[2], poll_options: ['Only one'] }] })).toMatchObject({ 'preset.events.0.poll_options': 'a poll needs at least 2 answers' });
    expect(await bad({ ...p, category_id: 99 })).toMatchObject({ 'preset.category_id': 'is not a known preset category' });
    expect(await bad({ ...p, category_id: 99999999999 })).toHaveProperty(['preset.category_id']);
  });

  it('only admins create presets, and another workspace cannot see or use this one', async () => {
    const jonas = await signIn(t, ACME.teamId, JONAS);
    await t.call(jonas, 'POST', '/onboarding/presets', goodPreset, 403);

    const globex = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    await t.call(globex, 'GET', `/onboarding/presets/${created.id}`, undefined, 404);
    await t.call(globex, 'GET', `/onboarding/presets/${created.id}/events/${created.events[0]!.id}`, undefined, 404);
    const list = await t.call<PresetsIndex>(globex, 'GET', '/onboarding/presets');
    expect(list.presets.map((p) => p.id)).not.toContain(created.id);
    const form = new FormData();
    form.set('onboarding_tag[name]', 'Globex onboarding');
    form.set('onboarding_tag[flow_type]', 'onboarding');
    const tag = await t.call<CreateTagAnswer>(globex, 'POST', '/onboarding/tags', form);
    await t.call(globex, 'PUT', `/onboarding/tags/${tag.tag.id}/presets/${created.id}`, { removing: false }, 404);
    await t.call(globex, 'POST', `/onboarding/tags/${tag.tag.id}/presets/${created.id}/add_event`, { days_later: 1 }, 404);
    const create = new FormData();
    create.set('onboarding_tag[name]', 'Globex with a stolen preset');
    create.set('onboarding_tag[flow_type]', 'onboarding');
    create.set('onboarding_tag[preset_ids]', String(created.id));
    await t.call(globex, 'POST', '/onboarding/tags', create, 400);
  });
});
