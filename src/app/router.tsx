import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { lazyRoute } from '../lib/chunks/index.ts';
import { AssetParamGuard } from './AssetParamGuard.tsx';
import { MainLayout } from './layouts/MainLayout.tsx';
import { WhiteLayout } from './layouts/WhiteLayout.tsx';
import { HomeRedirect, LanguageNavigate, LanguageRoot, RootRedirect } from './LanguageRoot.tsx';
import NotFoundPage from './not-found/NotFoundPage.tsx';
import { PageContext } from './page-context.ts';
import { chunkNamespaces, pageComponent } from './pages.ts';
import { RequireAuth } from './RequireAuth.tsx';
import { RouteError } from './route-error/RouteError.tsx';
import { RouteMeta } from './RouteMeta.tsx';
import { pageRoutes, redirectRoutes, type LayoutKind, type PageRoute } from './route-table.ts';

function pageElement(route: PageRoute): ReactNode {
  const Page = pageComponent(route.page);
  let element: ReactNode = (
    <PageContext.Provider value={route.page}>
      <RouteMeta page={route.page} />
      <Page />
    </PageContext.Provider>
  );
  if (route.path.includes(':asset')) element = <AssetParamGuard>{element}</AssetParamGuard>;
  if (!route.public) element = <RequireAuth>{element}</RequireAuth>;
  return element;
}

function childrenOf(layout: LayoutKind): RouteObject[] {
  return [
    ...pageRoutes.filter((r) => r.layout === layout).map((r) => ({ path: r.path, element: pageElement(r) })),
    ...redirectRoutes.filter((r) => r.layout === layout).map((r) => ({ path: r.path, element: <LanguageNavigate to={r.to} /> })),
  ];
}

/** The broker manager's layout route: a lazy chunk through the app's one loader, its error shown by name. */
export function brokerLayoutRoute(load: () => Promise<{ Component: ComponentType }>): RouteObject {
  return { lazy: lazyRoute('brokerLayout', load, chunkNamespaces('brokerLayout')), errorElement: <RouteError />, children: childrenOf('broker') };
}

export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  {
    path: '/:lang',
    element: <LanguageRoot />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRedirect /> },
      { element: <MainLayout />, children: childrenOf('main') },
      { element: <WhiteLayout />, children: childrenOf('white') },
      // The broker manager's layout, gate and menu load with its first page, not at start-up (initial JS budget).
      // Through the app's one chunk loader: the 120 s time-out and the error naming the chunk (spec §2, §8).
      brokerLayoutRoute(() => import('./layouts/BrokerLayout.tsx').then((m) => ({ Component: m.BrokerLayout }))),
      // An address no route has: a page that says so, with the way on (not a silent redirect home).
      { element: <MainLayout />, children: [{ path: '*', element: <NotFoundPage /> }] },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
