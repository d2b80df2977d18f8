import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/**
 * Confirm dialogs and toasts, loaded after the first screen shows (main.tsx): `modals.*` and `notifications.*`
 * talk to these through their stores, so nothing needs to be wrapped in them.
 */
export function Overlays() {
  return (
    <>
      <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }} />
      {/* Bottom: toasts never cover the header buttons. */}
      <Notifications position="bottom-right" />
    </>
  );
}
