import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { bootstrapSession } from '../features/account/index.ts';
import { Toaster } from '../lib/toast/index.ts';
import { ApiOfflineBanner } from './ApiOfflineBanner.tsx';
import { createAppRouter } from './router.tsx';
import { wireApi } from './wire-api.ts';

function createWiredRouter() {
  const router = createAppRouter();
  wireApi((to) => void router.navigate(to));
  // spec §6: with a token at start-up, load the user info and menu (permissions) into the session.
  void bootstrapSession();
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
