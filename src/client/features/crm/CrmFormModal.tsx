import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useServerForm } from '../../lib/use-server-form';
import { FormModal } from '../../ui/FormModal';

interface Props<Input extends FieldValues, Output> {
  title: string;
  schema: z.ZodType<Output, Input>;
  defaults: DefaultValues<Input>;
  /** SPEC §8 prefix of the red banner, e.g. 'Erro ao salvar lead: '. */
  failPrefix: string;
  submitLabel?: string;
  submit(values: Output): Promise<void>;
  onClose(): void;
  children: ReactNode;
}

/** The create/edit dialog of the CRM screens: the shared schema checks it, the server's messages land on the fields. */
export function CrmFormModal<Input extends FieldValues, Output>({
  title,
  schema,
  defaults,
  failPrefix,
  submitLabel,
  submit,
  onClose,
  children,
}: Props<Input, Output>) {
  const serverForm = useServerForm({
    schema,
    defaults,
    failMessage: 'Tente novamente em instantes.',
    guardLeave: false,
    submit,
  });
  return (
    <FormModal
      serverForm={serverForm}
      onClose={onClose}
      title={title}
      size="lg"
      gap="sm"
      errorPrefix={failPrefix}
      submitLabel={submitLabel}
    >
      {children}
    </FormModal>
  );
}
