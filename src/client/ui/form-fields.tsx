import { Autocomplete, NumberInput, type NumberInputProps } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';

type NumberFieldProps = Omit<NumberInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & { name: string };

/** A NumberInput bound to a field of the surrounding FormProvider; the value may be a number or the text as typed. */
export function NumberField({ name, ...props }: NumberFieldProps) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          {...props}
          value={typeof field.value === 'number' || typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

interface AutocompleteFieldProps {
  name: string;
  label: string;
  data: string[];
  placeholder?: string;
}

/** Free text with suggestions, bound to a field of the surrounding FormProvider. */
export function AutocompleteField({ name, label, data, placeholder }: AutocompleteFieldProps) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          label={label}
          placeholder={placeholder}
          data={data}
          value={field.value ?? ''}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
