import { PasswordInput, type PasswordInputProps, TextInput, type TextInputProps } from '@mantine/core';
import { useFormContext } from 'react-hook-form';

// Kept apart from form-fields.tsx: the login page uses these two, and the first download must not carry the
// heavier inputs (number, autocomplete, textarea) that the other forms share.

type TextFieldProps = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & { name: string };
type PasswordFieldProps = Omit<PasswordInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & { name: string };

/** The registration and error message of one field of the surrounding FormProvider (dotted names work too). */
export function useRegisteredField(name: string) {
  const { register, getFieldState, formState } = useFormContext();
  return { ...register(name), error: getFieldState(name, formState).error?.message };
}

/** A TextInput registered on the surrounding form, showing its field's error. */
export function TextField({ name, ...props }: TextFieldProps) {
  return <TextInput {...props} {...useRegisteredField(name)} />;
}

/** A PasswordInput registered on the surrounding form, showing its field's error. */
export function PasswordField({ name, ...props }: PasswordFieldProps) {
  return <PasswordInput {...props} {...useRegisteredField(name)} />;
}
