import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installGatewayListener, isGatewayMode } from './app/api/gateway.ts';
import { AppProviders } from './app/AppProviders.tsx';
import { createAppRouter } from './app/routing/router.tsx';
import { parseEntryParams, saveEntryParams } from './app/session/entry-query.ts';
import { clearSession } from './app/session/session.ts';
import { localStore, sessionStore } from './app/session/storage.ts';
import { installGlobalErrorLogging } from './app/ui/error-log.ts';

if (isGatewayMode(window.location)) {
  // The hidden gateway frame (see app/api/gateway.ts): no UI, only the session hand-off.
  installGatewayListener(window, () => clearSession());
} else {
  installGlobalErrorLogging(window, localStore());
  saveEntryParams(parseEntryParams(window.location.search), {
    session: sessionStore(),
    setCookie: (c) => {
      document.cookie = c;
    },
    now: Date.now(),
  });
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
