import '@mantine/core/styles.css';
import '@mantine/dropzone/styles.css';
import './app/global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { LazyOverlays } from './app/LazyOverlays';
import { router } from './app/router';
import { theme } from './app/theme';
import { queryClient } from './lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <LazyOverlays />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
