import '../../test/setup';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { browser } from '../../api/browser';
import { sessionStore } from '../../api/currentUser';
import { jsonResponse, mockFetch, renderWithQuery, TEST_USER } from '../../test/utils';
import { InviteUsersModal, inviteSummary } from './InviteUsersModal';
import { Modal, ModalCancelButton, ModalHost } from './Modal';
import { SaveSuccessModal, VideoModal, WarningModal, videoEmbedUrl } from './modals';
import { openModal } from './store';
import { openUpgradeModal, PLAN_CHANGE_RELOAD_MS, UpgradeModal, upgradeVariant } from './UpgradeModal';

function Harness({ confirmOnCancel }: { confirmOnCancel?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        title="Edit program"
        onClose={() => setOpen(false)}
        confirmOnCancel={confirmOnCancel}
        footer={<ModalCancelButton />}
      >
        <label>
          Name <input />
        </label>
        <button type="button">Save</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  test('is an accessible dialog that focuses inside and closes on Esc, giving focus back', async () => {
    const user = userEvent.setup();
    renderWithQuery(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Edit program' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  test('Tab and Shift+Tab stay inside (focus trap)', async () => {
    const user = userEvent.setup();
    renderWithQuery(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancel).toHaveFocus();
  });

  test('confirmOnCancel: cancel asks first; "Keep editing" stays, "Yes, cancel" closes', async () => {
    const user = userEvent.setup();
    renderWithQuery(<Harness confirmOnCancel />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveTextContent('Are you sure you want to cancel? Your changes will not be saved.');
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('dialog', { name: 'Edit program' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await user.keyboard('{Escape}'); // Esc on the question = keep editing
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('without confirmOnCancel, cancel closes at once', async () => {
    const user = userEvent.setup();
    renderWithQuery(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('openModal renders through ModalHost; only the top modal answers Esc', async () => {
    const user = userEvent.setup();
    renderWithQuery(<ModalHost />);
    act(() => {
      openModal((close) => <Modal title="First" onClose={close}>one</Modal>);
      openModal((close) => <Modal title="Second" onClose={close}>two</Modal>);
    });
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    await user.keyboard('{Escape}');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'First' })).toBeInTheDocument();
  });
});

describe('variants', () => {
  test('warning modal confirms', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    renderWithQuery(
      <WarningModal title="Delete program?" confirmText="Delete" danger onConfirm={onConfirm} onClose={onClose}>
        This cannot be undone.
      </WarningModal>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });

  test('save-success modal', async () => {
    const onClose = vi.fn();
    renderWithQuery(<SaveSuccessModal viewHref="/coffee/1" viewText="View program" onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Your changes have been saved' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View program' })).toHaveAttribute('href', '/coffee/1');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  test('video modal embeds YouTube and plays files directly', () => {
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=abc')).toBe('https://www.youtube.com/embed/abc');
    expect(videoEmbedUrl('https://youtu.be/abc')).toBe('https://www.youtube.com/embed/abc');
    expect(videoEmbedUrl('https://vimeo.com/42')).toBe('https://player.vimeo.com/video/42');
    expect(videoEmbedUrl('/videos/intro.mp4')).toBeNull();
    renderWithQuery(<VideoModal title="How Intros work" url="https://youtu.be/abc" onClose={() => undefined} />);
    expect(screen.getByTitle('How Intros work')).toHaveAttribute('src', 'https://www.youtube.com/embed/abc');
  });
});

describe('plan upgrade modal', () => {
  test('variant rule', () => {
    expect(upgradeVariant({ can_change_plan: true }, true)).toBe('trial');
    expect(upgradeVariant({ can_change_plan: true }, false)).toBe('payment_required');
    expect(upgradeVariant({ can_change_plan: false }, true)).toBe('contact_support');
    expect(upgradeVariant(null, true)).toBe('contact_support');
  });

  test('openUpgradeModal picks the variant from the signed-in member', () => {
    renderWithQuery(<ModalHost />);
    sessionStore.set({ ...TEST_USER, can_change_plan: false });
    act(() => void openUpgradeModal({ feature: 'unlimited_celebrations', trialAvailable: true }));
    expect(screen.getByRole('dialog', { name: 'Unlock unlimited celebrations' })).toHaveClass('upgrade-contact_support');
  });

  test('payment-required subscribes; a team without a payment method is sent to /billing/payment', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const fetch = mockFetch(() => jsonResponse({ error: 'Add a payment method to upgrade to Premium.', card_required: true, redirect_url: '/billing/payment' }, 409));
    const user = userEvent.setup();
    renderWithQuery(<UpgradeModal variant="payment_required" onClose={() => undefined} />);
    expect(screen.getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute('href', '/billing');
    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({ plan: 'premium' });
    expect(String(fetch.mock.calls[0]![0])).toBe('/sign_up/change_plan');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/billing/payment'));
    // Not an error to show: the member is on the way to add a payment method.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Upgrade to Premium' })).toBeInTheDocument();
  });

  test('contact support files one ticket (the button is disabled while it goes) and says it is submitted', async () => {
    let answer!: () => void;
    const fetch = mockFetch(() => new Promise((r) => (answer = () => r(jsonResponse({ ok: true, id: 1 })))));
    const user = userEvent.setup();
    renderWithQuery(<UpgradeModal variant="contact_support" feature="pairing_types" onClose={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Contact support' }));
    expect(screen.getByRole('button', { name: 'Contact support' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Contact support' }));
    answer();
    expect(await screen.findByRole('status')).toHaveTextContent('Your request is submitted');
    expect(fetch).toHaveBeenCalledOnce();
    expect(String(fetch.mock.calls[0]![0])).toBe('/intercom_tickets');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({ kind: 'upgrade_request', feature: 'pairing_types' });
  });

  test('contact support that fails offers email support instead', async () => {
    mockFetch(() => jsonResponse({ error: 'down' }, 503));
    const user = userEvent.setup();
    renderWithQuery(<UpgradeModal variant="contact_support" onClose={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Contact support' }));
    expect(await screen.findByRole('dialog', { name: 'Email our support team' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /support@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  });

  test('trial: updating, then success, then the page reloads after 3 s', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    let release!: () => void;
    mockFetch(() => new Promise((r) => (release = () => r(jsonResponse({ ok: true })))));
    const user = userEvent.setup();
    renderWithQuery(<UpgradeModal variant="trial" onClose={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(screen.getByRole('dialog', { name: 'Updating your plan' })).toBeInTheDocument();
    vi.useFakeTimers();
    await act(async () => {
      release();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('dialog', { name: "You're all set!" })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PLAN_CHANGE_RELOAD_MS - 1);
    });
    expect(reload).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(reload).toHaveBeenCalledOnce();
  });

  test("trial failure shows the server's error", async () => {
    mockFetch(() => jsonResponse({ error: 'Your trial has already been used.' }, 422));
    const user = userEvent.setup();
    renderWithQuery(<UpgradeModal variant="trial" onClose={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your trial has already been used.');
    // The offer is there again, to try once more or close.
    expect(screen.getByRole('button', { name: 'Start free trial' })).toBeEnabled();
  });
});

describe('invite users modal', () => {
  test('posts channel_id and user_ids and reports the counts', async () => {
    const fetch = mockFetch(() => jsonResponse({ num_invited: 2, num_added: 1 }));
    const user = userEvent.setup();
    renderWithQuery(
      <InviteUsersModal
        channelId="C42"
        channelName="coffee"
        users={[
          { id: 'U1', name: 'Ada', email: 'ada@x.io' },
          { id: 'U2', name: 'Grace', email: 'grace@x.io' },
        ]}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Invite people to #coffee' })).toBeInTheDocument();
    const input = screen.getByRole('combobox', { name: 'People' });
    await user.click(input);
    await user.click(screen.getByRole('option', { name: /Ada/ }));
    await user.click(screen.getByRole('option', { name: /Grace/ }));
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Invited 2 people. 1 person added to #coffee.');
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/channels/invite_users_as_json');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ channel_id: 'C42', user_ids: ['U1', 'U2'] });
  });

  test('summary wording', () => {
    expect(inviteSummary({ num_invited: 1, num_added: 0 })).toBe('Invited 1 person. 0 people added to the channel.');
  });
});
