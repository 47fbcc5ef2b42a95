import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { AppLayout, BareLayout, PageLoading } from './layout/AppLayout';
import { NotFoundPage } from './pages/NotFoundPage';
import { useDocumentTitle } from './pages/PageHeader';
import { PlaceholderPage } from './pages/PlaceholderPage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { PAGES, REDIRECTS, type PageDef } from './routes';
import { onMissingScope, onPaymentRequired } from './api/client';
import { ModalHost } from './kit/modal/Modal';
import { Toaster } from './kit/toast/Toaster';
import { devToolsEnabled } from './kit/devTools';

/** One page of the table: its title, its default query parameters, and its component or the placeholder. */
export function PageRoute({ page }: { page: PageDef }) {
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
  const Component = page.component;
  return Component ? <Component /> : <PlaceholderPage page={page} />;
}

// A 402 opens the upgrade dialog, which redoes the refused change once the plan allows it. The dialog (and the
// feature list it names) loads when a 402 first comes, not with every page.
onPaymentRequired((refused) => void import('./kit/modal/UpgradeModal').then((m) => m.openUpgradeModal(refused)));
// A Slack permission Hearth lacks (a 424 naming it) opens the permissions modal, which offers to reinstall Hearth.
onMissingScope((missing) => void import('./kit/modal/PermissionsModal').then((m) => m.openPermissionsModal(missing)));

/** Toasts and modals sit inside the router so their contents can use links. */
function Root() {
  return (
    <>
      <Outlet />
      <Toaster />
      <ModalHost />
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
  return { path: page.path, element: <PageRoute page={page} /> };
}

export const appRoutes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: '/sandbox',
        errorElement: <RouteErrorPage />,
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
            errorElement: <RouteErrorPage />,
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
        children: [{ errorElement: <RouteErrorPage />, children: PAGES.filter((p) => p.layout === 'bare').map(pageRoute) }],
      },
    ],
  },
];
