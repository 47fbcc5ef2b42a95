import { useState } from 'react';
import { Spinner } from '../icons';
import { Select } from '../select/Select';
import type { SelectOption } from '../select/options';
import type { RemoteSearchConfig } from '../select/remoteSearch';
import { Modal, ModalCancelButton } from './Modal';
import { useInviteUsers, type InviteUsersResult } from './modalApi';

export type { InviteUsersResult };

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
  const invite = useInviteUsers();
  const sending = invite.isPending;
  const result = invite.data ?? null;
  const title = channelName ? `Invite people to #${channelName}` : 'Invite people';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (userIds.length === 0) return;
    invite.mutate({ channel_id: channelId, user_ids: userIds }, { onSuccess: (counts) => onInvited?.(counts) });
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
      <form id="invite-users-form" onSubmit={submit}>
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
