import type { Permissions } from '../api/types';

/**
 * The main navigation. `match` lists the path prefixes that light an item up; `permission`, when set, is what
 * the signed-in member must have for the item to show (without it, its page would answer 403).
 */
export interface NavItem {
  label: string;
  to: string;
  match?: readonly string[];
  children?: readonly NavItem[];
  permission?: keyof Permissions;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'All channels', to: '/all_channels', match: ['/all_channels', '/channel_programs'] },
  { label: 'Intros', to: '/all_channels?type=intros', match: ['/coffee'] },
  { label: 'Watercooler', to: '/all_channels?type=watercooler', match: ['/watercooler'] },
  { label: 'Celebrations', to: '/celebrations', match: ['/celebrations'] },
  {
    label: 'Journeys',
    to: '/onboarding',
    match: ['/onboarding', '/participants'],
    // A journey's creator and permission users find theirs here too; the rest is for admins.
    permission: 'run_journeys',
    children: [
      { label: 'Journey home', to: '/onboarding', match: [], permission: 'journeys' },
      { label: 'Onboarding journeys', to: '/onboarding/tags', match: [] },
      { label: 'Other journeys', to: '/participants/tags', match: [] },
      { label: 'Enrollment', to: '/onboarding/tags/enrollment', match: [], permission: 'journeys' },
      { label: 'Batches', to: '/onboarding/batches', match: [], permission: 'journeys' },
    ],
  },
  {
    label: 'Reporting',
    to: '/reporting',
    match: ['/reporting'],
    permission: 'reporting',
    children: [
      { label: 'Overview', to: '/reporting', match: [] },
      { label: 'Attention required', to: '/reporting/attention_required', match: [] },
      { label: 'Intros feedback', to: '/reporting/intros_feedback', match: [] },
    ],
  },
  {
    label: 'Points & Rewards',
    to: '/points',
    match: ['/points', '/rewards', '/shoutouts'],
    children: [
      { label: 'Leaderboard', to: '/points', match: [] },
      { label: 'Rewards', to: '/rewards', match: [] },
      { label: 'Shoutouts', to: '/shoutouts', match: [], permission: 'manage_points' },
    ],
  },
  { label: 'Templates', to: '/templates', match: ['/templates'] },
  { label: 'Billing', to: '/billing', match: ['/billing'], permission: 'billing' },
  {
    label: 'Settings',
    to: '/settings/profile',
    match: ['/settings'],
    children: [
      { label: 'Profile', to: '/settings/profile', match: [] },
      { label: 'Intros', to: '/settings/intros', match: [] },
      { label: 'Celebrations', to: '/settings/celebrations', match: [] },
      { label: 'Workspace data', to: '/settings/data', match: [] },
      { label: 'Failed deliveries', to: '/settings/deliveries', match: [], permission: 'deliveries' },
      { label: 'API reference', to: '/settings/api', match: [] },
    ],
  },
  { label: 'Integrations', to: '/integrations', match: ['/integrations'] },
];

/** The items (and children) this member may use: an item whose page would answer 403 is left out. */
export function permittedNav(items: readonly NavItem[], permissions: Permissions): NavItem[] {
  const allowed = (item: NavItem) => item.permission === undefined || permissions[item.permission];
  return items.filter(allowed).map((item) => {
    if (!item.children) return item;
    const children = item.children.filter(allowed);
    // An item whose own page is a child left out leads to its first child this member may use.
    const own = item.children.find((c) => c.to === item.to);
    return { ...item, children, to: own && !allowed(own) && children[0] ? children[0].to : item.to };
  });
}

/** A page of the route table, for deciding which links lead somewhere real. */
export interface BuiltPage {
  path: string;
  load?: unknown;
}

/** Whether the address `to` (path and query) is a page that has been built (a row with a loader). */
export function pageIsBuilt(to: string, pages: readonly BuiltPage[]): boolean {
  const path = split(to).path;
  // A row written for exactly this address decides (/reporting/attention_required is not /reporting/:id).
  const exact = pages.find((page) => page.path === path);
  if (exact) return exact.load !== undefined;
  return pages.some((page) => page.load !== undefined && matchesPattern(page.path, path));
}

function matchesPattern(pattern: string, path: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('/').filter(Boolean);
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

/**
 * The navigation with only what exists (issue 14, item 9): children without a built page are dropped; an item
 * whose own page is not built leads to its first built child, or is dropped when it has none. Pages that are
 * built later (Journeys, Points, Billing…) appear without touching this file.
 */
export function builtNav(items: readonly NavItem[], pages: readonly BuiltPage[]): NavItem[] {
  const out: NavItem[] = [];
  for (const item of items) {
    const children = item.children?.filter((child) => pageIsBuilt(child.to, pages));
    const own = pageIsBuilt(item.to, pages);
    if (!own && !children?.length) continue;
    out.push({ ...item, to: own ? item.to : children![0]!.to, ...(item.children ? { children: children!.length > 1 || own ? children : undefined } : {}) });
  }
  return out;
}

function startsWithSegment(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

function split(to: string): { path: string; query: URLSearchParams } {
  const [path = '', query = ''] = to.split('?');
  return { path, query: new URLSearchParams(query) };
}

/**
 * Which item is the current page: the one whose path equals the address and whose query parameters all
 * match, preferring the most specific (/all_channels?type=intros over /all_channels).
 */
export function currentNavItem(items: readonly NavItem[], pathname: string, search: string): NavItem | undefined {
  const have = new URLSearchParams(search);
  let best: NavItem | undefined;
  let bestSpecificity = -1;
  for (const item of items) {
    const { path, query } = split(item.to);
    if (path !== pathname) continue;
    const pairs = [...query];
    if (!pairs.every(([k, v]) => have.get(k) === v)) continue;
    if (pairs.length > bestSpecificity) {
      best = item;
      bestSpecificity = pairs.length;
    }
  }
  return best;
}

/** The top-level item whose section holds the address (the current item, or a match prefix). */
export function sectionNavItem(items: readonly NavItem[], pathname: string, search: string): NavItem | undefined {
  const current = currentNavItem(items, pathname, search);
  if (current) return current;
  const child = items.find((item) => item.children && currentNavItem(item.children, pathname, search));
  if (child) return child;
  let best: NavItem | undefined;
  let bestLength = -1;
  for (const item of items) {
    for (const prefix of item.match ?? [split(item.to).path]) {
      if (startsWithSegment(pathname, prefix) && prefix.length > bestLength) {
        best = item;
        bestLength = prefix.length;
      }
    }
  }
  return best;
}
