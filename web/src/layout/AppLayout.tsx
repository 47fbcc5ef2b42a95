import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ApiError, signInUrl } from '../api/client';
import { useCurrentUser } from '../api/currentUser';
import { HearthLogo, Spinner } from '../kit/shellIcons';
import { DEFAULT_ERROR_TEXT } from '../kit/messages';
import { PAGES } from '../routes';
import { builtNav, currentNavItem, NAV_ITEMS, permittedNav, sectionNavItem, type NavItem } from './nav';

/** One link; `current` is the page shown (aria-current), `highlighted` the same look for the section's item. */
function NavLinkItem({ item, current, highlighted = current }: { item: NavItem; current: boolean; highlighted?: boolean }) {
  return (
    <Link to={item.to} className={highlighted ? 'nav-link is-current' : 'nav-link'} aria-current={current ? 'page' : undefined}>
      {item.label}
    </Link>
  );
}

/** The navigation, with only the pages that exist (builtNav). */
export const VISIBLE_NAV = builtNav(NAV_ITEMS, PAGES);

export function MainNav({ onNavigate, items = VISIBLE_NAV }: { onNavigate?: () => void; items?: readonly NavItem[] }) {
  const { pathname, search } = useLocation();
  const current = currentNavItem(items, pathname, search);
  const section = sectionNavItem(items, pathname, search);
  return (
    <nav className="main-nav" aria-label="Main" onClick={(e) => (e.target as HTMLElement).closest('a') && onNavigate?.()}>
      <ul className="nav-list">
        {items.map((item) => {
          const inSection = section === item;
          const currentChild = item.children ? currentNavItem(item.children, pathname, search) : undefined;
          return (
            <li key={item.label} className={inSection ? 'nav-item in-section' : 'nav-item'}>
              <NavLinkItem item={item} current={current === item && !currentChild} highlighted={inSection && !currentChild} />
              {item.children && inSection && (
                <ul className="nav-sublist" aria-label={item.label}>
                  {item.children.map((child) => (
                    <li key={child.to}>
                      <NavLinkItem item={child} current={currentChild === child} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Moves focus to the page's main area after client-side navigation, so keyboard and screen-reader users land on the new page. */
function useFocusMainOnNavigate(mainRef: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: false });
  }, [pathname, mainRef]);
}

/** Shown while a signed-out visitor is sent to Slack (the API client has already started the navigation). */
export function SignInCard() {
  return (
    <div className="card sign-in-card" role="status">
      <h1>Sign in to Hearth</h1>
      <p>Taking you to Slack to sign in…</p>
      <a className="button button-primary" href={signInUrl()}>
        Sign in with Slack
      </a>
    </div>
  );
}

export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <Spinner /> <span>Loading…</span>
    </div>
  );
}

/** The member's menu (its icons and workspace switching) loads beside the page, not before the first draw. */
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));

/** Header, navigation and main area of every admin page. Pages render once the signed-in member is known. */
export function AppLayout() {
  const user = useCurrentUser();
  const mainRef = useRef<HTMLElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  useFocusMainOnNavigate(mainRef);

  let content: React.ReactNode;
  if (user.data) {
    content = (
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    );
  } else if (user.error instanceof ApiError && user.error.status === 401) {
    content = <SignInCard />;
  } else if (user.isError) {
    content = (
      <div className="page-error" role="alert">
        <h1>We couldn't load Hearth</h1>
        <p>{user.error instanceof ApiError && user.error.serverError ? user.error.serverError : DEFAULT_ERROR_TEXT}</p>
        <button type="button" className="button button-primary" onClick={() => void user.refetch()}>
          Try again
        </button>
      </div>
    );
  } else {
    content = <PageLoading />;
  }

  return (
    <div className={menuOpen ? 'app-shell menu-open' : 'app-shell'}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="topbar">
        <Link to="/" className="brand" aria-label="Hearth home">
          <HearthLogo className="brand-logo" />
          <span className="brand-name">Hearth</span>
        </Link>
        {user.data && (
          <span className="workspace-name" title="Workspace">
            {user.data.team.name}
          </span>
        )}
        {user.data?.trial && (
          <Link to="/billing" className="trial-notice" data-testid="trial-notice">
            Premium trial: {user.data.trial.days_left === 1 ? '1 day left' : `${user.data.trial.days_left} days left`}
          </Link>
        )}
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <div className="topbar-end">
          {user.data && (
            <Suspense>
              <UserMenu />
            </Suspense>
          )}
        </div>
      </header>
      <aside id="sidebar" className="sidebar">
        {user.data && <MainNav onNavigate={() => setMenuOpen(false)} items={permittedNav(VISIBLE_NAV, user.data.permissions)} />}
      </aside>
      <main id="main" ref={mainRef} tabIndex={-1} className="main">
        {content}
      </main>
    </div>
  );
}

/** Pages for recipients (the journey hub): no admin navigation. */
export function BareLayout() {
  return (
    <div className="bare-shell">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <main id="main" tabIndex={-1} className="main main-bare">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
