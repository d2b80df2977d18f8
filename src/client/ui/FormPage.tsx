import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { type FieldValues, FormProvider } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { ServerForm } from '../lib/use-server-form';
import { PageHeader } from './PageHeader';
import { SaveErrorAlert } from './SaveErrorAlert';

interface Props<Input extends FieldValues, Output> {
  /** What useServerForm returned for this page's form. */
  serverForm: ServerForm<Input, Output>;
  title: string;
  description?: ReactNode;
  back: { to: string; label: string };
  maw: number;
  submitLabel: string;
  /** Where Cancelar leads; it asks first when there are unsaved changes. */
  cancelTo: string;
  /** The profile may only read: no submit button. */
  readOnly?: boolean;
  submitDisabled?: boolean;
  /** On the right of the buttons, e.g. a delete button. */
  aside?: ReactNode;
  children: ReactNode;
}

/** A full-page create/edit form: header, a red banner when saving fails, the sections, then submit and Cancelar. */
export function FormPage<Input extends FieldValues, Output>({
  serverForm,
  title,
  description,
  back,
  maw,
  submitLabel,
  cancelTo,
  readOnly = false,
  submitDisabled,
  aside,
  children,
}: Props<Input, Output>) {
  const navigate = useNavigate();
  const { form, onSubmit, error, formRef, requestClose } = serverForm;
  return (
    <FormProvider {...form}>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <PageHeader title={title} description={description} back={back} />
        <Stack gap="lg" maw={maw}>
          <SaveErrorAlert error={error} />
          {children}
          <Group justify="space-between" wrap="wrap">
            <Group gap="sm">
              {!readOnly && (
                <Button type="submit" loading={form.formState.isSubmitting} disabled={submitDisabled}>
                  {submitLabel}
                </Button>
              )}
              <Button variant="default" onClick={() => requestClose(() => navigate(cancelTo))}>
                Cancelar
              </Button>
            </Group>
            {aside}
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
