import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from '../lib/toast/index.ts';
import { createAppRouter } from './router.tsx';
import { wireApi } from './wire-api.ts';

function createWiredRouter() {
  const router = createAppRouter();
  wireApi((to) => void router.navigate(to));
  return router;
}

export function App() {
  const [router] = useState(createWiredRouter);
  return (
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>
  );
}
