import type { ReactNode } from 'react';
import { HearthLogo } from '../kit/icons';
import type { Conversation, Member, Sidebar as SidebarData, Workspace } from './api';
import { Avatar } from './Message';

export const HOME = 'home';
export const APP_MESSAGES = 'app';

/**
 * A conversation in the sidebar. Its name is its visible text (WCAG 2.5.3: speech users say what they see), with
 * what it is (`kind`: "channel", "direct message with" …) before it and "(unread)" after it for screen readers.
 */
function Item({ selected, unread, onSelect, children, kind }: { selected: boolean; unread: boolean; onSelect(): void; children: ReactNode; kind: string }) {
  return (
    <li>
      <button type="button" className={['sbx-side-item', selected && 'is-selected', unread && 'is-unread'].filter(Boolean).join(' ')} aria-current={selected ? 'page' : undefined} onClick={onSelect}>
        <span className="visually-hidden">{kind}</span>{' '}
        {children}
        {unread && (
          <>
            {' '}
            <span className="visually-hidden">(unread)</span>
          </>
        )}
      </button>
    </li>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="sbx-side-section" aria-label={title}>
      <h3 className="sbx-side-heading">{title}</h3>
      <ul className="sbx-side-list">{children}</ul>
    </section>
  );
}

export interface SidebarProps {
  workspace: Workspace;
  data: SidebarData | undefined;
  members: readonly Member[];
  selected: string | undefined;
  isUnread(c: Conversation): boolean;
  onSelect(id: string): void;
}

/** Channels, DMs and the app, as Slack's sidebar lists them for the chosen member. */
export function Sidebar({ workspace, data, members, selected, isUnread, onSelect }: SidebarProps) {
  const byId = new Map(members.map((m) => [m.id, m]));
  const appDm = data?.app.dm;
  return (
    <nav className="sbx-sidebar" aria-label="Conversations">
      <div className="sbx-side-workspace">
        <span className="sbx-side-workspace-name">{workspace.name}</span>
        <span className="sbx-side-workspace-domain">{workspace.domain}.slack.com</span>
      </div>
      {!data ? (
        <p className="sbx-side-loading">Loading…</p>
      ) : (
        <>
          <Section title="Channels">
            {data.channels.map((c) => (
              <Item key={c.id} kind={c.kind === 'private_channel' ? 'private channel' : 'channel'} selected={selected === c.id} unread={isUnread(c)} onSelect={() => onSelect(c.id)}>
                <span className="sbx-side-icon" aria-hidden="true">
                  {c.kind === 'private_channel' ? '🔒' : '#'}
                </span>
                <span className="sbx-side-label">{c.name}</span>
                {c.is_ext_shared && <span className="sbx-side-shared" title="Shared with another organisation">⇄</span>}
              </Item>
            ))}
          </Section>
          <Section title="Direct messages">
            {data.direct.length === 0 && <li className="sbx-side-empty">No direct messages yet</li>}
            {data.direct.map((c) => {
              const member = c.user ? byId.get(c.user) : undefined;
              return (
                <Item key={c.id} kind={c.kind === 'mpim' ? 'group message with' : 'direct message with'} selected={selected === c.id} unread={isUnread(c)} onSelect={() => onSelect(c.id)}>
                  {c.kind === 'im' ? (
                    <Avatar sender={{ name: c.label, isApp: member?.is_bot ?? false, member }} size={20} />
                  ) : (
                    <span className="sbx-side-count" aria-hidden="true">
                      {(c.users?.length ?? 0) + 1}
                    </span>
                  )}
                  <span className="sbx-side-label">{c.label}</span>
                </Item>
              );
            })}
          </Section>
          <Section title="Apps">
            <li className="sbx-side-app">
              <span className="sbx-side-app-name">
                <HearthLogo className="sbx-side-app-logo" /> {data.app.name}
              </span>
              <ul className="sbx-side-list sbx-side-app-tabs" aria-label={`${data.app.name} app`}>
                <Item kind={data.app.name} selected={selected === HOME} unread={false} onSelect={() => onSelect(HOME)}>
                  <span className="sbx-side-icon" aria-hidden="true">
                    ⌂
                  </span>
                  <span className="sbx-side-label">Home</span>
                </Item>
                <Item
                  kind={data.app.name}
                  selected={selected === APP_MESSAGES || (appDm !== null && selected === appDm?.id)}
                  unread={appDm ? isUnread(appDm) : false}
                  onSelect={() => onSelect(APP_MESSAGES)}
                >
                  <span className="sbx-side-icon" aria-hidden="true">
                    ✉
                  </span>
                  <span className="sbx-side-label">Messages</span>
                </Item>
              </ul>
            </li>
          </Section>
        </>
      )}
    </nav>
  );
}
