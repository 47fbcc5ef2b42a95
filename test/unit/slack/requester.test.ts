import { describe, expect, it } from 'vitest';
import { origin } from '../../../src/slack/requester.js';
import { viewValues } from '../../../src/slack/view-values.js';

describe('where a Slack request comes from (the requester middleware)', () => {
  it('reads a slash command: its team, enterprise, domain and user', () => {
    expect(origin({ team_id: 'T1', enterprise_id: 'E1', team_domain: 'acme', user_id: 'U1', command: '/hearth' })).toEqual({ teamId: 'T1', enterpriseId: 'E1', teamDomain: 'acme', userId: 'U1' });
  });

  it("reads an event envelope, and an event's user only when it is an id (team_join carries a whole user)", () => {
    expect(origin({ team_id: 'T1', event: { type: 'reaction_added', user: 'U2' } })).toEqual({ teamId: 'T1', enterpriseId: null, userId: 'U2' });
    expect(origin({ team_id: 'T1', event: { type: 'team_join', user: { id: 'U3' } } })).toEqual({ teamId: 'T1', enterpriseId: null });
  });

  it("reads a click or a submission: the team it happened in, else the user's own team (an org-wide install sends team null)", () => {
    expect(origin({ type: 'block_actions', team: { id: 'T1', domain: 'acme' }, user: { id: 'U1', team_id: 'T9' } })).toEqual({ teamId: 'T1', enterpriseId: null, teamDomain: 'acme', userId: 'U1' });
    expect(origin({ type: 'view_submission', team: null, enterprise: { id: 'E1' }, user: { id: 'U1', team_id: 'T2' } })).toEqual({ teamId: 'T2', enterpriseId: 'E1', userId: 'U1' });
  });

  it('has no workspace for a request that names no team', () => {
    expect(origin({ type: 'url_verification' })).toBeUndefined();
  });
});

describe("a modal's values", () => {
  it("are checked against Slack's shape: the readers get typed fields", () => {
    const values = viewValues({ state: { values: { b: { a: { type: 'datepicker', selected_date: '2027-01-20' } }, c: { d: { type: 'multi_users_select', selected_users: ['U1'] } } } } });
    expect(values.b!.a!.selected_date).toBe('2027-01-20');
    expect(values.c!.d!.selected_users).toEqual(['U1']);
  });

  it('refuse a shape Slack never sends (a value that is not text)', () => {
    expect(() => viewValues({ state: { values: { b: { a: { type: 'plain_text_input', value: 42 } } } } })).toThrow();
  });
});
