import '@mantine/core/styles.css';
import '@mantine/dropzone/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { LazyOverlays } from './LazyOverlays';
import { router } from './router';
import { theme } from './theme';

/** The whole admin: UI kit, data cache and routes. Loaded after the login screen, or at once with a session. */
export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <LazyOverlays />
      </QueryClientProvider>
    </MantineProvider>
  );
}
