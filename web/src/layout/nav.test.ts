import { describe, expect, test } from 'vitest';
import type { Permissions } from '../api/types';
import { NAV_ITEMS, permittedNav } from './nav';

const NONE: Permissions = { journeys: false, run_journeys: false, reporting: false, manage_points: false, billing: false, workspace_data: false, deliveries: false, manage_integrations: false };

describe('the navigation follows the current user’s permissions', () => {
  test('a journey permission user sees Journeys leading to their journeys, without the admin pages', () => {
    const journeys = permittedNav(NAV_ITEMS, { ...NONE, run_journeys: true }).find((i) => i.label === 'Journeys');
    expect(journeys?.to).toBe('/onboarding/tags');
    expect(journeys?.children?.map((c) => c.label)).toEqual(['Onboarding journeys', 'Other journeys']);
  });

  test('a plain member has no Journeys; an admin has all of it', () => {
    expect(permittedNav(NAV_ITEMS, NONE).find((i) => i.label === 'Journeys')).toBeUndefined();
    const admin = permittedNav(NAV_ITEMS, { ...NONE, journeys: true, run_journeys: true }).find((i) => i.label === 'Journeys');
    expect(admin?.to).toBe('/onboarding');
    expect(admin?.children?.map((c) => c.label)).toEqual(['Journey home', 'Onboarding journeys', 'Other journeys', 'Enrollment', 'Batches']);
  });
});
