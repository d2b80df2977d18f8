import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { confirmDiscard } from '../ui/confirm';
import { ApiError, errorMessage } from './api';
import { focusFirstInvalidField } from './focus-invalid-field';
import { useLeaveGuard } from './use-leave-guard';

interface Options<Input extends FieldValues, Output> {
  /** The shared zod schema the server validates with. */
  schema: z.ZodType<Output, Input>;
  /** What the form opens with: blank for "new", the record for "edit". */
  defaults: DefaultValues<Input>;
  submit(values: Output): Promise<void>;
  /** The message when saving fails without a message of the server. */
  failMessage: string;
  /** Ask before leaving the page with unsaved changes (default true; the login form does not). */
  guardLeave?: boolean;
}

export interface ServerForm<Input extends FieldValues, Output> {
  form: UseFormReturn<Input, unknown, Output>;
  onSubmit(event?: React.BaseSyntheticEvent): Promise<void>;
  /** The message of the last failed save, for an alert above the form. */
  error: string | null;
  isDirty: boolean;
  /** Close a dialog or leave the form: asks first when there are unsaved changes. */
  requestClose(close: () => void): void;
  /** Put on the <form>: where the first invalid field is looked for. */
  formRef: React.RefObject<HTMLFormElement | null>;
}

/**
 * One form behaviour for the whole admin: the shared schema checks the fields, the server's per-field messages land
 * on their fields, the first invalid field is scrolled into view below the header and focused, and unsaved changes
 * are not lost by Esc, Cancelar or leaving the page without a question.
 */
export function useServerForm<Input extends FieldValues, Output>({
  schema,
  defaults,
  submit,
  failMessage,
  guardLeave = true,
}: Options<Input, Output>): ServerForm<Input, Output> {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema as never),
    defaultValues: defaults,
    shouldFocusError: false,
  });
  const [error, setError] = useState<string | null>(null);
  // Set when a submit fails; the first render that shows the errors moves the focus (RHF renders errors on its own schedule).
  const focusPending = useRef(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const isDirty = form.formState.isDirty;
  // While a save runs (and navigates away on success), or after "Descartar alterações", leaving is not asked about again.
  const allowLeave = useRef(false);
  const mustAsk = guardLeave && isDirty;

  // A form that stays on its page after a save (reset to the saved values) guards its next changes again.
  useEffect(() => {
    if (!isDirty) allowLeave.current = false;
  }, [isDirty]);

  const errorCount = Object.keys(form.formState.errors).length;
  useEffect(() => {
    if (focusRequest === 0 || !focusPending.current || errorCount === 0 || !formRef.current) return;
    focusPending.current = false;
    focusFirstInvalidField(formRef.current);
  }, [errorCount, focusRequest]);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setError(null);
      allowLeave.current = true;
      try {
        await submit(values);
      } catch (err) {
        allowLeave.current = false;
        console.error(err);
        const message = errorMessage(err, failMessage);
        let shownOnField = false;
        if (err instanceof ApiError && err.fields) {
          for (const [field, fieldMessage] of Object.entries(err.fields)) {
            form.setError(field as Path<Input>, { message: fieldMessage });
            shownOnField ||= fieldMessage === message && field in (defaults as object);
          }
          focusPending.current = true;
          setFocusRequest((n) => n + 1);
        }
        // A message the form already shows under its field is said once: not again in the banner above.
        setError(shownOnField ? null : message);
      }
    },
    () => {
      focusPending.current = true;
      setFocusRequest((n) => n + 1);
    },
  );

  useLeaveGuard(mustAsk, allowLeave);

  const requestClose = useCallback(
    (close: () => void) => {
      const leave = () => {
        allowLeave.current = true;
        close();
      };
      if (form.formState.isDirty) confirmDiscard({ onDiscard: leave });
      else leave();
    },
    [form],
  );

  return { form, onSubmit, error, isDirty, requestClose, formRef };
}
