import { useEffect, useId, useRef, useState } from 'react';
import { browser } from '../api/browser';
import type { CurrentUser } from '../api/types';
import { CheckIcon, ChevronDownIcon, SignOutIcon, Spinner, SwitchWorkspaceIcon } from '../kit/coreIcons';
import { initialsOf } from '../kit/person/PersonName';
import { signOut as endSession, switchWorkspace } from './layoutApi';
import './usermenu.css';

export function Avatar({ user }: { user: Pick<CurrentUser, 'name' | 'avatar_url'> }) {
  return user.avatar_url ? (
    <img className="user-avatar" src={user.avatar_url} alt="" width={32} height={32} />
  ) : (
    <span className="user-avatar user-avatar-initials" aria-hidden="true">
      {initialsOf(user.name)}
    </span>
  );
}

/**
 * The person's menu in the top bar: their name and workspace, switching workspace (for people in several),
 * and signing out. A disclosure button; Esc and a click outside close it.
 */
export function UserMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const others = (user.workspaces ?? []).filter((w) => !w.current);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        ref.current?.querySelector<HTMLButtonElement>('.user-menu-button')?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const signOut = async () => {
    setBusy('sign-out');
    try {
      await endSession();
      browser.assign('/auth/slack');
    } catch {
      setBusy(null);
    }
  };

  const switchTo = async (teamId: string) => {
    setBusy(teamId);
    try {
      const answer = await switchWorkspace(teamId);
      browser.assign(answer.redirect_url ?? '/');
    } catch {
      setBusy(null);
    }
  };

  return (
    <div className="user-menu" ref={ref}>
      <button type="button" className="user-menu-button" aria-expanded={open} aria-controls={`${id}-menu`} aria-label={`${user.name}, ${user.team.name}: account menu`} onClick={() => setOpen((o) => !o)}>
        <Avatar user={user} />
        <span className="user-menu-name">{user.name}</span>
        <ChevronDownIcon />
      </button>
      {open && (
        <div id={`${id}-menu`} className="user-menu-panel">
          <div className="user-menu-who">
            <Avatar user={user} />
            <div>
              <div className="user-menu-person">{user.name}</div>
              <div className="user-menu-team">{user.team.name}</div>
            </div>
          </div>
          {others.length > 0 && (
            <div className="user-menu-section" role="group" aria-labelledby={`${id}-switch`}>
              <div id={`${id}-switch`} className="user-menu-heading">
                <SwitchWorkspaceIcon /> Switch workspace
              </div>
              <ul>
                <li>
                  <span className="user-menu-item is-current">
                    <CheckIcon /> {user.team.name}
                  </span>
                </li>
                {others.map((w) => (
                  <li key={w.team_id}>
                    <button type="button" className="user-menu-item" disabled={busy !== null} onClick={() => void switchTo(w.team_id)}>
                      {busy === w.team_id ? <Spinner title="" /> : <span className="user-menu-spacer" />} {w.name}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="user-menu-section">
            <button type="button" className="user-menu-item" disabled={busy !== null} onClick={() => void signOut()}>
              {busy === 'sign-out' ? <Spinner title="" /> : <SignOutIcon />} Sign out
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
