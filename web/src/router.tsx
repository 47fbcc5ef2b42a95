import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Component, lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { AppLayout, BareLayout, PageLoading } from './layout/AppLayout';
import { useDocumentTitle } from './pages/PageHeader';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { PAGES, REDIRECTS, type PageDef } from './routes';
import { onMissingScope, onPaymentRequired } from './api/client';
import { devToolsEnabled } from './kit/devTools';

/** Pages no address should reach often: loaded when one is shown. */
const NotFoundPage = lazy(() => import('./pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const PlaceholderPage = lazy(() => import('./pages/PlaceholderPage').then((m) => ({ default: m.PlaceholderPage })));

/** One page of the table: its title, its default query parameters, and its component or the placeholder. */
export function PageRoute({ page, component: Page }: { page: PageDef; component?: ComponentType }) {
  const location = useLocation();
  useDocumentTitle(page.title);
  if (page.defaultQuery) {
    const params = new URLSearchParams(location.search);
    const missing = Object.entries(page.defaultQuery).filter(([key]) => !params.has(key));
    if (missing.length > 0) {
      for (const [key, value] of missing) params.set(key, value);
      return <Navigate replace to={{ pathname: location.pathname, search: `?${params.toString()}`, hash: location.hash }} />;
    }
  }
  return Page ? <Page /> : <PlaceholderPage page={page} />;
}

/**
 * Starts loading the page at `pathname`: its chunk and the queries it opens with, side by side, so neither waits
 * for the other (nor for the signed-in member). Both are asked for once: the browser keeps a module it has loaded,
 * and the query client a query that is loading or fresh. Its own failures are the page's to show when it renders.
 */
function preloadPage(queryClient: QueryClient, pathname: string): void {
  const page = matchRoutes(PAGES as PageDef[], pathname)?.[0];
  if (!page) return;
  page.route.load?.().catch(() => undefined);
  page.route.prefetch?.(queryClient, page.params).catch(() => undefined);
}

/** Pointing at a link (the mouse over it, or keyboard focus on it) starts loading the page it leads to. */
function usePreloadOnPointing(queryClient: QueryClient) {
  useEffect(() => {
    let last: Element | null = null;
    const onPoint = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link === last || !(link instanceof HTMLAnchorElement)) return;
      last = link;
      if (link.origin === window.location.origin) preloadPage(queryClient, link.pathname);
    };
    document.addEventListener('pointerover', onPoint);
    document.addEventListener('focusin', onPoint);
    return () => {
      document.removeEventListener('pointerover', onPoint);
      document.removeEventListener('focusin', onPoint);
    };
  }, [queryClient]);
}

// A 402 opens the upgrade dialog, which redoes the refused change once the plan allows it. The dialog (and the
// feature list it names) loads when a 402 first comes, not with every page.
onPaymentRequired((refused) => void import('./kit/modal/UpgradeModal').then((m) => m.openUpgradeModal(refused)));
// A Slack permission Hearth lacks (a 424 naming it) opens the permissions modal, which offers to reinstall Hearth.
onMissingScope((missing) => void import('./kit/modal/PermissionsModal').then((m) => m.openPermissionsModal(missing)));

/** A page that throws while rendering, or whose code fails to load, says so in its place; another address clears it. */
class ErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { pathname: string; error?: { thrown: unknown } }> {
  override state: { pathname: string; error?: { thrown: unknown } } = { pathname: this.props.pathname };

  static getDerivedStateFromError(thrown: unknown) {
    return { error: { thrown } };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, error: undefined };
  }

  override render() {
    return this.state.error ? <RouteErrorPage error={this.state.error.thrown} /> : this.props.children;
  }
}

/** The routes below, with a page that breaks shown as RouteErrorPage. */
function Boundary() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary pathname={pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}

/** Toasts, and the dialogs opened with openModal(): their code loads beside the first page, not before it. */
const Toaster = lazy(() => import('./kit/toast/Toaster').then((m) => ({ default: m.Toaster })));
const ModalHost = lazy(() => import('./kit/modal/Modal').then((m) => ({ default: m.ModalHost })));

/** The page at the address starts loading at once; toasts and modals sit inside the router so their contents can use links. */
function Root() {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  preloadPage(queryClient, pathname);
  usePreloadOnPointing(queryClient);
  return (
    <>
      <Boundary />
      <Suspense>
        <Toaster />
        <ModalHost />
      </Suspense>
    </>
  );
}

/** The kit page (development only): every shared component in every state. */
const KitPage = lazy(() => import('./pages/dev/KitPage'));

function DevOnly({ children }: { children: React.ReactNode }) {
  return devToolsEnabled() ? <>{children}</> : <NotFoundPage />;
}

/** The sandbox workspace (a stand-in for Slack): a full page of its own, outside the admin layout. */
const SandboxPage = lazy(() => import('./sandbox/SandboxPage'));

function pageRoute(page: PageDef): RouteObject {
  return { path: page.path, element: <PageRoute page={page} component={page.load && lazy(page.load)} /> };
}

export const appRoutes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        path: '/sandbox',
        element: (
          <Suspense fallback={<PageLoading />}>
            <SandboxPage />
          </Suspense>
        ),
      },
      {
        element: <AppLayout />,
        children: [
          {
            element: <Boundary />,
            children: [
              ...PAGES.filter((p) => p.layout !== 'bare').map(pageRoute),
              { path: '/dev/kit', element: <DevOnly><KitPage /></DevOnly> },
              ...Object.entries(REDIRECTS).map(([from, to]) => ({ path: from, element: <Navigate replace to={to} /> })),
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
      {
        element: <BareLayout />,
        children: [{ element: <Boundary />, children: PAGES.filter((p) => p.layout === 'bare').map(pageRoute) }],
      },
    ],
  },
];

/** The pages, under a BrowserRouter (main.tsx) or a MemoryRouter (tests). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
