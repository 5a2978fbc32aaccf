import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
// The module itself, not the feature's index.ts (its messages and parts): the start-up JavaScript needs only these.
import { bootstrapSession } from '../features/account/session-bootstrap.ts';
import { Toaster } from '../lib/toast/index.ts';
import { ApiOfflineBanner } from './ApiOfflineBanner.tsx';
import { createAppRouter } from './router.tsx';
import { loadStartupConfiguration } from './start-up.ts';
import { wireApi } from './wire-api.ts';

function createWiredRouter() {
  const router = createAppRouter();
  wireApi((to) => void router.navigate(to));
  // spec §6: with a token at start-up, load the user info and menu (permissions) into the session.
  void bootstrapSession();
  // spec §3 platformConfig and "System config": loaded once, not awaited, so the first render does not wait for them.
  void loadStartupConfiguration();
  return router;
}

export function App() {
  const [router] = useState(createWiredRouter);
  return (
    <>
      <ApiOfflineBanner />
      <RouterProvider router={router} />
      <Toaster />
    </>
  );
}
