import type { Page } from 'playwright-core';
import type { CreateTagAnswer } from '../../src/journeys/api-types.js';
import { ACME } from '../../src/sandbox/seed.js';
import { accessibilitySuite } from '../support/a11y.js';

/** Clicks a button and answers the dialog it opens (the only one open, or the one named). */
const click = async (page: Page, button: string | RegExp, dialog?: string | RegExp) => {
  await page.getByRole('button', { name: button }).first().click();
  return dialog ? page.getByRole('dialog', { name: dialog }) : page.getByRole('dialog');
};

/**
 * The dialogs an admin meets most, each opened through the UI and checked while open (test/support/a11y.ts says
 * what each test checks): creating a journey, from a bundle, adding a message, a new role, archiving a journey, Send now for an
 * Intros program and a Watercooler, the icebreakers, a new prompt pack, asking for dates and adding a custom date
 * (Celebrations), adding and redeeming a reward, the points settings, the enrollment rule filters, downgrading,
 * deleting the workspace's data, and the upgrade dialog a free workspace meets on a paid setting (last: it puts ACME
 * on the free plan).
 */
accessibilitySuite('dialogs', {
  data: async ({ app, admin }) => {
    const journey = await app<CreateTagAnswer>('POST', '/onboarding/tags', { channel_id: ACME.channels.general, onboarding_tag: { name: 'Acme onboarding', flow_type: 'onboarding', preset_bundle_id: 1 } });
    const intros = await app<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros });
    const water = await app<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-default-dozen', channel_id: ACME.channels.watercooler });
    const celebrations = await app<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'celebrations-birthdays-anniversaries', channel_id: ACME.channels.celebrations });
    await app('POST', '/rewards', { listing: { preset_id: 'coffee' } });
    await app('POST', '/points/bonus', { member_id: admin.memberId, points: 1000, note: 'To spend', request_id: 'a11y-dialogs' });
    return { tag: journey.tag.id, intros: intros.id, water: water.id, celebrations: celebrations.id };
  },
  dialogs: [
    ['new journey', () => '/onboarding/tags', (page) => click(page, 'New journey')],
    ['bundle wizard', () => '/onboarding/tags', (page) => click(page, 'From a bundle', 'Build a journey from a bundle')],
    ['add message', (i) => `/onboarding/tags/${i.tag}`, (page) => click(page, 'Add message')],
    ['new role', (i) => `/onboarding/tags/${i.tag}?tab=roles`, (page) => click(page, 'New role')],
    ['archive journey', (i) => `/onboarding/tags/${i.tag}`, (page) => click(page, 'Archive')],
    ['intros send now', (i) => `/coffee/${i.intros}?tab=members`, (page) => click(page, /^Send now/)],
    ['watercooler send now', (i) => `/watercooler/${i.water}/edit`, (page) => click(page, /^Send now/)],
    ['icebreakers', (i) => `/coffee/${i.intros}/edit`, (page) => click(page, 'Manage icebreakers')],
    ['new prompt pack', (i) => `/watercooler/${i.water}/edit`, (page) => click(page, 'New pack')],
    ['ask for dates', (i) => `/celebrations/${i.celebrations}/edit`, (page) => click(page, /Ask for dates/)],
    [
      'custom date',
      (i) => `/celebrations/${i.celebrations}/edit`,
      async (page) => {
        await page.getByRole('tab', { name: /Custom dates/ }).click();
        return click(page, /Add a custom date/);
      },
    ],
    ['add a reward', () => '/rewards', (page) => click(page, 'Add a reward')],
    ['redeem a reward', () => '/rewards', (page) => click(page, 'Redeem')],
    ['points settings', () => '/points', (page) => click(page, 'Points settings')],
    [
      'enrollment rule filters',
      () => '/onboarding/tags/enrollment',
      async (page) => {
        await page.getByRole('radio', { name: 'Enrollment rules' }).click();
        await page.getByRole('button', { name: 'Add a rule' }).click();
        return click(page, 'Edit filters');
      },
    ],
    ['downgrade', () => '/billing', (page) => click(page, 'Downgrade to Free')],
    ['delete workspace data', () => '/settings/data', (page) => click(page, 'Delete this workspace’s data')],
    [
      'upgrade',
      (i) => `/coffee/${i.intros}/edit`,
      async (page, _ids, { app }) => {
        // On the free plan, choosing a paid pairing type opens the upgrade dialog.
        await app('POST', '/sign_up/change_plan', { plan: 'free', survey: { reason: 'too_expensive' } });
        await page.reload();
        await page.getByRole('radio', { name: /Cross-group/ }).click();
        return page.getByRole('dialog');
      },
    ],
  ],
});
