import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { type DefaultValues, type FieldValues, FormProvider } from 'react-hook-form';
import type { z } from 'zod';
import { useServerForm } from '../../lib/use-server-form';

interface Props<Input extends FieldValues, Output> {
  title: string;
  schema: z.ZodType<Output, Input>;
  defaults: DefaultValues<Input>;
  /** SPEC §8 prefix of the red banner, e.g. 'Erro ao salvar lead: '. */
  failPrefix: string;
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
  submit,
  onClose,
  children,
}: Props<Input, Output>) {
  const { form, onSubmit, error, formRef, requestClose } = useServerForm({
    schema,
    defaults,
    failMessage: 'Tente novamente em instantes.',
    guardLeave: false,
    submit,
  });
  const close = () => requestClose(onClose);
  return (
    <Modal opened onClose={close} title={title} size="lg" centered>
      <FormProvider {...form}>
        <form ref={formRef} onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            {error && (
              <Alert color="red" variant="light" role="alert">
                {failPrefix}
                {error}
              </Alert>
            )}
            {children}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting}>
                Salvar
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Modal>
  );
}
