import { useEffect, useId, useRef, useState } from 'react';
import { browser } from '../api/browser';
import { useCurrentUser } from '../api/currentUser';
import type { CurrentUser } from '../api/types';
import { CheckIcon, ChevronDownIcon, SignOutIcon, Spinner, SwitchWorkspaceIcon } from '../kit/coreIcons';
import { initialsOf } from '../kit/person/PersonName';
import { useSignOut, useSwitchWorkspace } from './layoutApi';
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
 * The signed-in member's menu in the top bar: their name and workspace, switching workspace (for people in
 * several), and signing out. A disclosure button; Esc and a click outside close it. While a switch or the sign-out
 * is under way (and the browser then leaves the page) every item is disabled and the chosen one spins; a refusal
 * is the API client's toast, and the items work again.
 */
export function UserMenu() {
  const { data: user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const signOut = useSignOut();
  const switchWorkspace = useSwitchWorkspace();

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

  if (!user) return null;
  const others = (user.workspaces ?? []).filter((w) => !w.current);
  // Done counts as busy too: the browser is on its way to the next page.
  const leaving = (m: { isPending: boolean; isSuccess: boolean }) => m.isPending || m.isSuccess;
  const busy = leaving(signOut) ? 'sign-out' : leaving(switchWorkspace) ? switchWorkspace.variables : null;

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
                    <button type="button" className="user-menu-item" disabled={busy !== null} onClick={() => switchWorkspace.mutate(w.team_id, { onSuccess: (answer) => browser.assign(answer.redirect_url ?? '/') })}>
                      {busy === w.team_id ? <Spinner title="" /> : <span className="user-menu-spacer" />} {w.name}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="user-menu-section">
            <button type="button" className="user-menu-item" disabled={busy !== null} onClick={() => signOut.mutate(undefined, { onSuccess: () => browser.assign('/auth/slack') })}>
              {busy === 'sign-out' ? <Spinner title="" /> : <SignOutIcon />} Sign out
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
