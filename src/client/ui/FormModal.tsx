import { Button, Group, type MantineSpacing, Modal, type ModalProps, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { type FieldValues, FormProvider } from 'react-hook-form';
import type { ServerForm } from '../lib/use-server-form';
import { SaveErrorAlert } from './SaveErrorAlert';

interface Props<Input extends FieldValues, Output> extends Omit<ModalProps, 'opened' | 'onClose' | 'children'> {
  /** What useServerForm returned for this dialog's form. */
  serverForm: ServerForm<Input, Output>;
  /** Called once the user may leave: Esc, X and Cancelar ask first when there are unsaved changes. */
  onClose(): void;
  /** How the save-failure banner reads (see SaveErrorAlert). */
  errorTitle?: string;
  errorPrefix?: string;
  /** Shown above the save-failure banner, e.g. where the values came from. */
  notice?: ReactNode;
  submitLabel?: string;
  gap?: MantineSpacing;
  children: ReactNode;
}

/** A create/edit dialog: the fields, a red banner when saving fails, and Cancelar / Salvar. */
export function FormModal<Input extends FieldValues, Output>({
  serverForm,
  onClose,
  errorTitle,
  errorPrefix,
  notice,
  submitLabel = 'Salvar',
  gap = 'md',
  children,
  ...modalProps
}: Props<Input, Output>) {
  const { form, onSubmit, error, formRef, requestClose } = serverForm;
  const close = () => requestClose(onClose);
  return (
    <Modal centered {...modalProps} opened onClose={close}>
      <FormProvider {...form}>
        <form ref={formRef} onSubmit={onSubmit} noValidate>
          <Stack gap={gap}>
            {notice}
            <SaveErrorAlert error={error} title={errorTitle} prefix={errorPrefix} />
            {children}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting}>
                {submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Modal>
  );
}
