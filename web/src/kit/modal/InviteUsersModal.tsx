import { useState } from 'react';
import { api } from '../../api/client';
import { Spinner } from '../icons';
import { Select } from '../select/Select';
import type { SelectOption } from '../select/options';
import type { RemoteSearchConfig } from '../select/remoteSearch';
import { Modal, ModalCancelButton } from './Modal';

/** POST /channels/invite_users_as_json answers with these counts. */
export interface InviteUsersResult {
  num_invited: number;
  num_added: number;
}

export interface InviteUsersModalProps {
  channelId: string;
  channelName?: string;
  /** People to choose from (id, name, optional email)… */
  users?: readonly SelectOption[];
  /** …or a remote search for people (an endpoint answering [{ id, name, email? }]). */
  userSearch?: RemoteSearchConfig;
  /** The option field holding the Slack user id (the invite takes Slack ids); `id` by default. */
  userValueKey?: string;
  onClose: () => void;
  onInvited?: (result: InviteUsersResult) => void;
}

function people(n: number): string {
  return n === 1 ? '1 person' : `${n} people`;
}

/** The words shown after inviting. */
export function inviteSummary(result: InviteUsersResult, channelName?: string): string {
  const where = channelName ? `#${channelName}` : 'the channel';
  return `Invited ${people(result.num_invited)}. ${people(result.num_added)} added to ${where}.`;
}

export function InviteUsersModal({ channelId, channelName, users, userSearch, userValueKey = 'id', onClose, onInvited }: InviteUsersModalProps) {
  const [userIds, setUserIds] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<InviteUsersResult | null>(null);
  const title = channelName ? `Invite people to #${channelName}` : 'Invite people';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (userIds.length === 0) return;
    setSending(true);
    try {
      const answer = await api.post<InviteUsersResult>('/channels/invite_users_as_json', {
        channel_id: channelId,
        user_ids: userIds,
      });
      const counts = { num_invited: Number(answer?.num_invited ?? 0), num_added: Number(answer?.num_added ?? 0) };
      setResult(counts);
      onInvited?.(counts);
    } catch {
      // the API client has shown the error
    } finally {
      setSending(false);
    }
  };

  if (result) {
    return (
      <Modal
        title={title}
        onClose={onClose}
        size="small"
        footer={
          <button type="button" className="button button-primary" onClick={onClose}>
            Done
          </button>
        }
      >
        <p role="status">{inviteSummary(result, channelName)}</p>
      </Modal>
    );
  }

  return (
    <Modal
      title={title}
      onClose={onClose}
      confirmOnCancel={userIds.length > 0}
      footer={
        <>
          <ModalCancelButton />
          <button type="submit" form="invite-users-form" className="button button-primary" disabled={sending || userIds.length === 0}>
            {sending && <Spinner />} Invite
          </button>
        </>
      }
    >
      <form id="invite-users-form" onSubmit={(e) => void submit(e)}>
        <Select
          label="People"
          multiple
          searchable
          remote={userSearch}
          options={users}
          valueKey={userValueKey}
          labelKey="name"
          searchKeys={['email']}
          value={userIds}
          onChange={setUserIds}
          placeholder="Search people..."
          name="user_ids[]"
        />
      </form>
    </Modal>
  );
}
