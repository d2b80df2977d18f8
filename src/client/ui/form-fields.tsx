import {
  Autocomplete,
  NumberInput,
  type NumberInputProps,
  Select,
  type SelectProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { formatMoneyInput, parseMoney } from '../../shared/money';
import { useRegisteredField } from './text-fields';

type NumberFieldProps = Omit<NumberInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & { name: string };

/** A NumberInput bound to a field of the surrounding FormProvider; the value may be a number or the text as typed. */
export function NumberField({ name, ...props }: NumberFieldProps) {
  const { field, fieldState } = useController({ name });
  return (
    <NumberInput
      {...props}
      ref={field.ref}
      value={typeof field.value === 'number' || typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

type TextFieldProps = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & { name: string };
type TextareaFieldProps = Omit<TextareaProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & { name: string };

/** A Textarea registered on the surrounding form, showing its field's error. */
export function TextareaField({ name, ...props }: TextareaFieldProps) {
  return <Textarea {...props} {...useRegisteredField(name)} />;
}

/**
 * An amount in reais typed freely ("1.250,50", "2.400", "89.90"): the text stays as typed while the field has focus,
 * the shared money rule reads it, and the field shows the formatted amount ("1.250,50") once it is left.
 */
export function MoneyField({ name, ...props }: TextFieldProps) {
  const { field, fieldState } = useController({ name });
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (typeof field.value === 'number' ? formatMoneyInput(field.value) : (field.value ?? ''));
  return (
    <TextInput
      {...props}
      ref={field.ref}
      inputMode="decimal"
      autoComplete="off"
      value={shown}
      onFocus={() => setDraft(shown)}
      onChange={(e) => {
        setDraft(e.currentTarget.value);
        field.onChange(e.currentTarget.value);
      }}
      onBlur={() => {
        const amount = parseMoney(shown);
        // A readable amount becomes a number (shown formatted); anything else stays for the schema to explain.
        if (typeof amount === 'number') field.onChange(amount);
        setDraft(null);
        field.onBlur();
      }}
      error={fieldState.error?.message}
    />
  );
}

/** Free text that is tidied when the field is left (a phone masked, a website with https://, "13,5%"). */
export function NormalizedTextField({ name, normalize, ...props }: TextFieldProps & { normalize(value: string): string | null }) {
  const { field, fieldState } = useController({ name });
  return (
    <TextInput
      {...props}
      ref={field.ref}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={() => {
        const tidy = typeof field.value === 'string' && field.value.trim() ? normalize(field.value) : null;
        if (tidy !== null && tidy !== field.value) field.onChange(tidy);
        field.onBlur();
      }}
      error={fieldState.error?.message}
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
  const { field, fieldState } = useController({ name });
  return (
    <Autocomplete
      ref={field.ref}
      label={label}
      placeholder={placeholder}
      data={data}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

type SelectFieldProps = Omit<SelectProps, 'name' | 'value' | 'onChange' | 'onBlur'> & { name: string };

/** A Select bound to a field of the surrounding FormProvider; no choice is ''. A given `error` shows while the field has none. */
export function SelectField({ name, error, ...props }: SelectFieldProps) {
  const { field, fieldState } = useController({ name });
  return (
    <Select
      {...props}
      ref={field.ref}
      value={field.value || null}
      onChange={(v) => field.onChange(v ?? '')}
      onBlur={field.onBlur}
      error={fieldState.error?.message ?? error}
    />
  );
}
