import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { browser } from '../api/browser';
import { ApiError, errorText } from '../api/client';
import { useDocumentTitle } from '../pages/PageHeader';
import { HearthLogo } from '../kit/icons';
import { Select } from '../kit/select/Select';
import { showToast } from '../kit/toast/store';
import {
  keys,
  sandboxApi,
  useClock,
  useHome,
  useMembers,
  useMessages,
  useModals,
  useSidebar,
  useWorkspaces,
  type Conversation,
  type JsonObject,
  type Message,
  type Raw,
  type View,
} from './api';
import { BlockKitContext, type BlockContext } from '../kit/blockkit/context';
import { ClockControl } from './ClockControl';
import { HomeTab } from './HomeTab';
import type { Sender } from './Message';
import { MessagePane } from './MessagePane';
import { APP_MESSAGES, HOME, Sidebar } from './Sidebar';
import { SlackModal } from './SlackModal';
import { formatClock } from './time';
import './sandbox.css';
import { safeReturnPath } from '../../../src/http/return-path';

/** Where "Open admin pages" goes: the page sign-in was started from, never off-site, never back here. */
/** Where to go after signing in: a path on this site (the server's own check), never back to the sandbox. */
function returnTarget(value: string | null): string {
  const path = safeReturnPath(value);
  return path.startsWith('/sandbox') ? '/' : path;
}

function compareTs(a: string, b: string): number {
  const [as = '0', am = '0'] = a.split('.');
  const [bs = '0', bm = '0'] = b.split('.');
  return Number(as) - Number(bs) || Number(am.padEnd(6, '0')) - Number(bm.padEnd(6, '0'));
}

/** What this member has read, per conversation, kept in the browser (Slack's unread marks). */
function useSeen(team: string, user: string) {
  const storageKey = `hearth-sandbox-seen:${team}:${user}`;
  const [seen, setSeen] = useState<Record<string, string>>({});
  useEffect(() => {
    try {
      setSeen(JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Record<string, string>);
    } catch {
      setSeen({});
    }
  }, [storageKey]);
  const markSeen = useCallback(
    (channel: string, ts: string | null | undefined) => {
      if (!ts) return;
      setSeen((current) => {
        if (current[channel] && compareTs(current[channel], ts) >= 0) return current;
        const next = { ...current, [channel]: ts };
        try {
          localStorage.setItem(storageKey, JSON.stringify(next));
        } catch {
          // Private browsing: unread marks last for this visit only.
        }
        return next;
      });
    },
    [storageKey],
  );
  return { seen, markSeen };
}

/**
 * The sandbox workspace as a person sees Slack: pick a workspace and who you are, read channels and DMs,
 * type /hearth commands, click the app's buttons, fill in its modals, open its Home tab, move the clock,
 * and open the admin pages signed in as that person.
 */
export default function SandboxPage() {
  useDocumentTitle('Sandbox');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const workspaces = useWorkspaces();
  const team = params.get('team') ?? workspaces.data?.[0]?.id ?? '';
  const workspace = workspaces.data?.find((w) => w.id === team);
  const members = useMembers(team || undefined);
  const user = params.get('user') ?? workspace?.default_user_id ?? '';
  const me = members.data?.find((m) => m.id === user);
  const timeZone = me?.tz ?? 'UTC';
  // Programs are made by the workspace's admin, in their zone: the clock's shortcuts default to it.
  const programsZone = members.data?.find((m) => m.id === workspace?.default_user_id)?.tz ?? timeZone;
  const sidebar = useSidebar(team || undefined, user || undefined);
  const generalId = sidebar.data?.channels.find((c) => c.name === 'general')?.id ?? sidebar.data?.channels[0]?.id;
  const selected = params.get('c') ?? generalId;
  const appDm = sidebar.data?.app.dm ?? null;
  const channelId = selected === HOME ? undefined : selected === APP_MESSAGES ? (appDm?.id ?? undefined) : selected;
  const messages = useMessages(team, user, channelId);
  const modals = useModals(team, user);
  const home = useHome(team, user, selected === HOME && Boolean(user));
  const clock = useClock();
  const [busy, setBusy] = useState(false);
  const [advancing, setAdvancing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [openingHome, setOpeningHome] = useState(false);
  const { seen, markSeen } = useSeen(team, user);

  const update = useCallback(
    (changes: Record<string, string | null>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'sandbox' && ['sidebar', 'messages', 'modals', 'home', 'clock'].includes(String(q.queryKey[1])) }),
    [queryClient],
  );

  // "Messages" under the app: its DM, opened the first time as Slack does.
  const opening = useRef(false);
  useEffect(() => {
    if (selected !== APP_MESSAGES || appDm || !sidebar.data || !workspace || opening.current) return;
    opening.current = true;
    void sandboxApi
      .openConversation({ team_id: team, user_id: user, users: [workspace.bot_user_id] })
      .then(() => refresh())
      .finally(() => (opening.current = false));
  }, [selected, appDm, sidebar.data, workspace, team, user, refresh]);

  // Opening the Home tab is an event the app answers by publishing the view.
  useEffect(() => {
    if (selected !== HOME || !user || !team) return;
    let live = true;
    setOpeningHome(true);
    sandboxApi
      .openHome({ team_id: team, user_id: user })
      .then((res) => {
        if (live) queryClient.setQueryData(keys.home(team, user), res.view);
      })
      .catch(() => undefined)
      .finally(() => live && setOpeningHome(false));
    return () => {
      live = false;
    };
  }, [selected, team, user, queryClient]);

  const latest = messages.data?.channel.latest_ts;
  useEffect(() => {
    if (channelId) markSeen(channelId, latest);
  }, [channelId, latest, markSeen]);

  const byId = useMemo(() => new Map((members.data ?? []).map((m) => [m.id, m])), [members.data]);
  const userNames = useMemo(() => Object.fromEntries((members.data ?? []).map((m) => [m.id, m.display_name || m.real_name || m.name])), [members.data]);

  const senderOf = useCallback(
    (message: Message): Sender => {
      if (message.user === 'USLACKBOT') return { name: 'Slackbot', isApp: true };
      if (message.bot_id || (workspace && message.user === workspace.bot_user_id)) return { name: message.username ?? workspace?.app_name ?? 'App', isApp: true };
      const member = message.user ? byId.get(message.user) : undefined;
      return { name: member ? member.real_name || member.name : (message.user ?? 'Someone'), isApp: member?.is_bot ?? false, member };
    },
    [byId, workspace],
  );

  const signIn = useCallback(async () => {
    await sandboxApi.signIn({ team_id: team, user_id: user });
  }, [team, user]);

  const openUrl = useCallback(
    (url: string) => {
      let target: URL;
      try {
        target = new URL(url, window.location.href);
      } catch {
        return;
      }
      // Links to this app open signed in as the member, as Sign in with Slack would leave them.
      if (target.origin === window.location.origin) void signIn().then(() => browser.open(target.href));
      else browser.open(target.href);
    },
    [signIn],
  );

  const runAction = useCallback(
    async (body: Record<string, unknown>) => {
      setBusy(true);
      try {
        await sandboxApi.action({ team_id: team, user_id: user, ...body });
      } catch {
        // The API client has shown what went wrong.
      } finally {
        setBusy(false);
        await refresh();
      }
    },
    [team, user, refresh],
  );

  const blockContext: BlockContext = {
    surface: 'message',
    userNames,
    channelNames: sidebar.data?.names ?? {},
    members: members.data ?? [],
    openUrl,
    busy,
    act: () => undefined,
    // Slack's date tokens read in the member's zone, "today" by the sandbox clock.
    timeZone,
    now: clock.data ? new Date(clock.data) : undefined,
  };

  const messageContext = (message: Message): BlockContext => ({
    ...blockContext,
    act: (blockId: string, element: JsonObject, raw: Raw) =>
      void runAction({ channel_id: channelId, message_ts: message.ts, block_id: blockId, action_id: String(element.action_id), ...(raw !== null ? { value: raw } : {}) }),
  });

  const viewContext = (view: View): BlockContext => ({
    ...blockContext,
    surface: view.type,
    act: (blockId: string, element: JsonObject, raw: Raw) =>
      void runAction({ view_id: view.id, block_id: blockId, action_id: String(element.action_id), ...(raw !== null ? { value: raw } : {}) }),
  });

  async function send(text: string, threadTs?: string): Promise<boolean> {
    if (!channelId) return false;
    try {
      if (text.startsWith('/') && !threadTs) await sandboxApi.command({ team_id: team, user_id: user, channel_id: channelId, text });
      else await sandboxApi.message({ team_id: team, user_id: user, channel_id: channelId, text, ...(threadTs ? { thread_ts: threadTs } : {}) });
      return true;
    } catch {
      return false;
    } finally {
      await refresh();
    }
  }

  async function advance(target: { minutes: number } | { to: string }, label: string) {
    setAdvancing(true);
    try {
      const res = await sandboxApi.advance(target);
      showToast({ type: 'success', text: `Clock moved (${label}) to ${formatClock(new Date(res.now), timeZone)}; ${res.ticks} scheduler tick${res.ticks === 1 ? '' : 's'} ran.` });
    } catch {
      // Shown by the API client.
    } finally {
      setAdvancing(false);
      // Moving the clock sends messages and finishes sessions: every admin page's data is stale.
      await Promise.all([refresh(), queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'sandbox' })]);
    }
  }

  async function openAdmin() {
    try {
      await signIn();
      browser.assign(returnTarget(params.get('return_to')));
    } catch (err) {
      if (!(err instanceof ApiError)) showToast({ type: 'error', text: errorText(err) });
    }
  }

  const topModal = modals.data?.at(-1);
  async function submitModal(view: View, values: Record<string, Record<string, Raw>>) {
    setSubmitting(true);
    try {
      const res = await sandboxApi.submit({ team_id: team, user_id: user, view_id: view.id, values });
      queryClient.setQueryData(keys.modals(team, user), res.modals);
    } catch {
      // Shown by the API client.
    } finally {
      setSubmitting(false);
      await refresh();
    }
  }
  async function closeModal() {
    try {
      const res = await sandboxApi.close({ team_id: team, user_id: user });
      queryClient.setQueryData(keys.modals(team, user), res.modals);
    } finally {
      await refresh();
    }
  }

  const isUnread = (c: Conversation) => Boolean(c.latest_ts && c.id !== channelId && (!seen[c.id] || compareTs(c.latest_ts, seen[c.id]!) > 0));

  const humans = (members.data ?? []).filter((m) => !m.is_bot && !m.deleted && !m.is_stranger);
  const notFound = messages.error instanceof ApiError && messages.error.status === 404;

  return (
    <BlockKitContext.Provider value={blockContext}>
      <div className="sbx">
        <header className="sbx-top">
          <div className="sbx-brand">
            <HearthLogo className="sbx-brand-logo" />
            <span>
              Hearth <span className="sbx-brand-sub">sandbox</span>
            </span>
          </div>
          <div className="sbx-top-field">
            <Select
              className="sbx-top-select"
              label="Workspace"
              options={(workspaces.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
              value={team || null}
              onChange={([next]) => {
                const ws = workspaces.data?.find((w) => w.id === next);
                if (ws) update({ team: ws.id, user: ws.default_user_id, c: null });
              }}
            />
          </div>
          <div className="sbx-top-field sbx-top-member">
            <Select
              className="sbx-top-select"
              label="You are"
              searchable
              options={humans.map((m) => ({ value: m.id, label: m.real_name || m.name, email: `${m.title}${m.is_admin || m.is_owner ? ' · admin' : ''}` }))}
              searchKeys={['email']}
              value={user || null}
              placeholder="Pick a member"
              onChange={([next]) => next && update({ user: next, c: selected === HOME || selected === APP_MESSAGES ? selected : null })}
            />
          </div>
          <ClockControl timeZone={timeZone} programsZone={programsZone} busy={advancing} onAdvance={(target, label) => void advance(target, label)} />
          <button type="button" className="sbx-admin-button" onClick={() => void openAdmin()} disabled={!user}>
            Open admin pages
          </button>
        </header>
        <div className="sbx-body">
          {workspace ? (
            <Sidebar
              workspace={workspace}
              data={sidebar.data}
              members={members.data ?? []}
              selected={selected ?? undefined}
              isUnread={isUnread}
              onSelect={(id) => update({ c: id })}
            />
          ) : (
            <nav className="sbx-sidebar" aria-label="Conversations" />
          )}
          <main className="sbx-main" id="main">
            {selected === HOME ? (
              <BlockKitContext.Provider value={home.data ? viewContext(home.data) : blockContext}>
                <HomeTab appName={workspace?.app_name ?? 'App'} view={home.data} opening={openingHome} onOpenMessages={() => update({ c: APP_MESSAGES })} />
              </BlockKitContext.Provider>
            ) : (
              <MessagePane
                conversation={messages.data?.channel}
                messages={messages.data?.messages}
                loading={messages.isLoading || (selected === APP_MESSAGES && !appDm)}
                error={notFound ? 'This conversation is not in this workspace, or this member cannot see it.' : undefined}
                timeZone={timeZone}
                senderOf={senderOf}
                onSend={send}
                onReply={(message, text) => send(text, message.ts)}
                contextFor={messageContext}
              />
            )}
          </main>
        </div>
        {topModal && (
          <BlockKitContext.Provider value={viewContext(topModal)}>
            <SlackModal
              key={`${topModal.id}:${topModal.hash}`}
              view={topModal}
              depth={(modals.data?.length ?? 1) - 1}
              submitting={submitting}
              onSubmit={(values) => void submitModal(topModal, values)}
              onClose={() => void closeModal()}
              onAction={viewContext(topModal).act}
            />
          </BlockKitContext.Provider>
        )}
      </div>
    </BlockKitContext.Provider>
  );
}
