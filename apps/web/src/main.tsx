import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { startSession } from './app/session/restore';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Before the first render: a stored session is checked first, and the guard shows nothing meanwhile.
startSession();

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={createRouter()} />
    </AppProvider>
  </StrictMode>,
);
