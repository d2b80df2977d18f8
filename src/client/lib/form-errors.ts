import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/** Shows the API's per-field messages (`fields` of an error body) under the matching form fields. */
export function setServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  if (error instanceof ApiError && error.fields) {
    for (const [field, message] of Object.entries(error.fields)) setError(field as Path<T>, { message });
  }
}
