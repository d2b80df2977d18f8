/** Room left above a field scrolled into view: its label and some air. */
const LABEL_ROOM = 40;

/** The bottom of the sticky app header, or 0 where there is none (login, dialogs cover it). */
function headerBottom(): number {
  const header = document.querySelector<HTMLElement>('.mantine-AppShell-header');
  return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}

/**
 * Scrolls the first invalid field of a form (in page order) into view BELOW the sticky header and focuses it.
 * Mantine marks a field with an error with aria-invalid.
 */
/** Returns false when no field shows an error yet. */
export function focusFirstInvalidField(form: HTMLFormElement): boolean {
  const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  const block = field.closest<HTMLElement>('.mantine-InputWrapper-root') ?? field;
  block.style.scrollMarginTop = `${headerBottom() + LABEL_ROOM}px`;
  block.scrollIntoView({ block: 'start' });
  field.focus({ preventScroll: true });
  return true;
}
