import { describe, expect, it } from 'vitest';
import { ACME, GLOBEX, sandboxDates, seedData, seedState } from '../../../src/sandbox/seed.js';

describe('seeded workspaces', () => {
  const state = seedState();
  const acme = state.memberList(ACME.teamId, { includeExternal: true });
  const humans = acme.filter((m) => !m.is_bot && m.id !== 'USLACKBOT' && m.team_id === ACME.teamId && !m.deleted);

  it('is deterministic', () => {
    expect(seedData()).toEqual(seedData());
    expect(JSON.stringify(seedData())).toBe(JSON.stringify(seedData()));
  });

  it('has about 40 people over at least 6 zones, including Asia/Kolkata', () => {
    expect(humans.length).toBeGreaterThanOrEqual(38);
    expect(humans.length).toBeLessThanOrEqual(42);
    const zones = new Set(humans.map((m) => m.tz));
    expect(zones.size).toBeGreaterThanOrEqual(6);
    expect(zones).toContain('Asia/Kolkata');
  });

  it('has bots, Slackbot, one deactivated member and one Slack Connect member', () => {
    expect(acme.filter((m) => m.is_bot).length).toBeGreaterThanOrEqual(3);
    expect(state.member(ACME.teamId, 'USLACKBOT')?.is_bot).toBe(false);
    expect(acme.filter((m) => m.deleted).map((m) => m.id)).toEqual([ACME.deactivatedUserId]);
    const external = state.member(ACME.teamId, ACME.externalUserId);
    expect(external).toMatchObject({ is_stranger: true, team_id: ACME.externalTeamId });
    // users.list does not list Slack Connect people
    expect(state.memberList(ACME.teamId).some((m) => m.id === ACME.externalUserId)).toBe(false);
  });

  it('makes the default "you" an admin and owner', () => {
    expect(state.workspace(ACME.teamId)?.defaultUserId).toBe(ACME.adminUserId);
    expect(state.member(ACME.teamId, ACME.adminUserId)).toMatchObject({ is_admin: true, is_owner: true });
  });

  it('keeps departments and managers for every person, with managers who exist', () => {
    for (const m of humans) {
      const info = state.person(ACME.teamId, m.id);
      expect(info?.department, m.id).toBeTruthy();
      if (info?.managerId) expect(state.member(ACME.teamId, info.managerId), `${m.id} manager`).toBeDefined();
    }
  });

  it('has the channels with the bot in none (as after a real install), and #intros with the traps', () => {
    for (const [name, id] of Object.entries(ACME.channels)) {
      const channel = state.channel(ACME.teamId, id);
      expect(channel, name).toBeDefined();
      expect(channel?.members, name).not.toContain(ACME.botUserId);
    }
    for (const id of Object.values(GLOBEX.channels)) expect(state.channel(GLOBEX.teamId, id)?.members).not.toContain(GLOBEX.botUserId);
    expect(state.channel(ACME.teamId, ACME.channels.leadership)?.is_private).toBe(true);
    expect(state.channelByName(ACME.teamId, 'buddy-volunteers')?.id).toBe(ACME.channels.buddyVolunteers);
    const intros = state.channel(ACME.teamId, ACME.channels.intros)!;
    expect(intros.members.length).toBeGreaterThanOrEqual(28);
    expect(intros.members).toEqual(expect.arrayContaining([ACME.deactivatedUserId, ACME.externalUserId, 'U0DEMOPOLL']));
  });

  it('exports birthdays and start dates, one on 29 February', () => {
    const acmeDates = sandboxDates[ACME.teamId]!;
    expect(Object.keys(acmeDates).length).toBe(humans.length + 1); // + the deactivated member
    expect(Object.values(acmeDates).some((d) => d.birthday?.month === 2 && d.birthday.day === 29)).toBe(true);
    expect(Object.values(acmeDates).some((d) => d.birthday && d.birthday.year === undefined)).toBe(true);
    expect(Object.values(acmeDates).some((d) => d.birthday?.year !== undefined)).toBe(true);
    expect(state.person(ACME.teamId, 'U0DEMO011')?.birthday).toEqual(acmeDates.U0DEMO011?.birthday);
  });

  it('seeds a small second workspace', () => {
    const globex = state.memberList(GLOBEX.teamId).filter((m) => !m.is_bot && m.id !== 'USLACKBOT');
    expect(globex).toHaveLength(6);
    expect(state.channelList(GLOBEX.teamId)).toHaveLength(2);
    expect(state.channel(GLOBEX.teamId, ACME.channels.general)).toBeUndefined();
  });
});
