import '@mantine/core/styles.css';
import '../../app/global.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { theme } from '../../app/theme';
import { OnboardingPage } from './OnboardingPage';

// A data router of one page: the forms' leave-with-unsaved-changes guard (useBlocker) needs one. Links out of it
// (Já tenho conta) are plain links: the admin app is another page.
const router = createBrowserRouter([{ path: '*', element: <OnboardingPage /> }]);

/** The sign-up wizard as a page of its own (onboarding-main.tsx): the UI kit and the wizard, nothing of the admin. */
export function OnboardingApp() {
  return (
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <RouterProvider router={router} />
      </MantineProvider>
    </StrictMode>
  );
}
