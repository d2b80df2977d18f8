import { notifications } from '@mantine/notifications';
import { errorMessage } from '../lib/api';

export const notifySuccess = (message: string) => notifications.show({ color: 'green', message });
export const notifyError = (message: string, title?: string) => notifications.show({ color: 'red', title, message, autoClose: 7000 });

/**
 * A mutation's toasts: `done` when it succeeds; when it fails, the error logged and the server's message (or `failed`),
 * with `failed` as the title when `titled`, or only `failed` when the server's message is not for this screen.
 */
export function mutationToasts(done: string, failed: string, { titled = false, serverMessage = true } = {}) {
  return {
    onSuccess: () => notifySuccess(done),
    onError: (err: unknown) => {
      console.error(err);
      const message = serverMessage ? errorMessage(err, failed) : failed;
      notifyError(message, titled ? failed : undefined);
    },
  };
}
