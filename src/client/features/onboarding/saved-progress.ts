import type { OnboardingForm, OnboardingFormInput } from '../../../shared/onboarding';

/**
 * The wizard's progress kept in this browser, so a reload or a later visit resumes the same sign-up: the process id
 * (the only key to it), the step and what step 1 saved. Dropped once the menu is sent (decision 0043).
 */
export interface SavedProgress {
  processId: string;
  step: number;
  values: OnboardingFormInput;
  saved: OnboardingForm;
}

const KEY = 'adega.onboarding';

export function readProgress(): SavedProgress | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const p = JSON.parse(raw) as Partial<SavedProgress>;
    const valid =
      typeof p.processId === 'string' &&
      typeof p.step === 'number' &&
      p.step >= 0 &&
      p.step <= 2 &&
      typeof p.values === 'object' &&
      p.values !== null &&
      typeof p.saved === 'object' &&
      p.saved !== null;
    return valid ? (p as SavedProgress) : null;
  } catch {
    return null;
  }
}

export function writeProgress(progress: SavedProgress | null): void {
  try {
    if (progress) window.localStorage.setItem(KEY, JSON.stringify(progress));
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage full or refused (private mode): the wizard still works, it just will not resume.
  }
}
