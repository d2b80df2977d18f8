import { Alert } from '@mantine/core';

interface Props {
  /** The message of the last failed save; nothing is shown without one. */
  error: string | null;
  /** A headline (SPEC §8 text); the message repeats under it only when it says more. */
  title?: string;
  /** Put before the message, e.g. 'Erro ao salvar lead: '. */
  prefix?: string;
}

/** The red banner above a form whose save failed. */
export function SaveErrorAlert({ error, title, prefix }: Props) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {prefix}
      {error !== title && error}
    </Alert>
  );
}
