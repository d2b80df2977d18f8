import './lib/zod-jitless';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * /onboarding's own entry (decision 0067): the sign-up wizard with the UI kit and nothing of the admin (no router,
 * data cache, session or overlays). The HTML paints the page's frame at once; the wizard and the UI kit's stylesheet
 * arrive through one dynamic import, so no stylesheet holds the first paint back. React draws in a transition: its
 * first render is cut into short tasks instead of one long one that keeps the page from answering.
 */
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root missing');
const root = createRoot(rootElement);
void import('./features/onboarding/OnboardingApp').then(({ OnboardingApp }) => startTransition(() => root.render(<OnboardingApp />)));
