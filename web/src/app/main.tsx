import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { AppProvider } from './provider';
import { AppRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// A transition: React renders the first page in slices of a few milliseconds, yielding between
// them, instead of one long task that would hold the main thread (Lighthouse's Total Blocking Time).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
