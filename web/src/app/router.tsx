import { Outlet, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { MainLayout } from '@/components/layouts/main-layout';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { lazyPage } from './lazy-page';
import { RouteError } from './routes/route-error';

const HomePage = lazyPage(() => import('@/features/home/pages/home-page').then((module) => module.HomePage));
const NotFoundPage = lazyPage(() => import('./routes/not-found-page').then((module) => module.NotFoundPage));

const routes: RouteObject[] = [
  {
    element: (
      <MainLayout>
        <Outlet />
      </MainLayout>
    ),
    errorElement: <RouteError />,
    children: [
      { path: paths.home.path, element: <HomePage /> },
      { path: paths.homepage.path, element: <HomePage /> },
      { path: paths.notFound.path, element: <NotFoundPage /> },
    ],
  },
];

/** History-mode navigation under the configured base path. */
export function createAppRouter() {
  return createBrowserRouter(routes, {
    basename: env.basePath,
    // React Router 7's behaviour now, so the later move to it changes nothing.
    future: {
      v7_fetcherPersist: true,
      v7_normalizeFormMethod: true,
      v7_partialHydration: true,
      v7_relativeSplatPath: true,
      v7_skipActionErrorRevalidation: true,
    },
  });
}
