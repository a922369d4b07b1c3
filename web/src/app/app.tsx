import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './providers/app-provider';
import { createAppRouter } from './router';

export function App() {
  // Created on mount rather than at import, so the router reads the location the app starts on.
  const [router] = useState(createAppRouter);
  return (
    <AppProvider>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </AppProvider>
  );
}
