import {
  Autocomplete,
  Checkbox,
  type CheckboxGroupProps,
  type CheckboxProps,
  MultiSelect,
  type MultiSelectProps,
  NumberInput,
  type NumberInputProps,
  Select,
  type SelectProps,
  Stack,
  Switch,
  type SwitchProps,
  Text,
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

/** A count or a year: digits only, never "2.021", "1,5" or "-3"; the phone offers its number pad. */
export const WHOLE_NUMBER_INPUT = {
  allowDecimal: false,
  allowNegative: false,
  thousandSeparator: '',
  inputMode: 'numeric',
} as const satisfies NumberInputProps;

/** A NumberField for a whole number (bottles, quantities, a vintage). */
export function WholeNumberField(props: NumberFieldProps) {
  return <NumberField {...WHOLE_NUMBER_INPUT} {...props} />;
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

/** A price in reais: "R$" before it; typed the Brazilian way ("1.250,50") or "89.90", shown as "1.250,50". */
export function PriceField(props: TextFieldProps) {
  return (
    <MoneyField
      placeholder="0,00"
      {...props}
      leftSection={
        <Text size="sm" c="dimmed">
          R$
        </Text>
      }
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

type SelectFieldProps = Omit<SelectProps, 'name' | 'value' | 'onChange' | 'onBlur'> & {
  name: string;
  /** What the field holds when nothing is chosen: '' by default, null where the schema takes null. */
  emptyValue?: '' | null;
};

/** A Select bound to a field of the surrounding FormProvider. A given `error` shows while the field has none. */
export function SelectField({ name, error, emptyValue = '', ...props }: SelectFieldProps) {
  const { field, fieldState } = useController({ name });
  return (
    <Select
      {...props}
      ref={field.ref}
      value={field.value || null}
      onChange={(v) => field.onChange(v ?? emptyValue)}
      onBlur={field.onBlur}
      error={fieldState.error?.message ?? error}
    />
  );
}

type MultiSelectFieldProps = Omit<MultiSelectProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & { name: string };

/** A MultiSelect bound to a list field of the surrounding FormProvider. */
export function MultiSelectField({ name, ...props }: MultiSelectFieldProps) {
  const { field, fieldState } = useController({ name });
  return <MultiSelect {...props} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />;
}

type CheckboxGroupFieldProps = Omit<CheckboxGroupProps, 'name' | 'value' | 'onChange' | 'error' | 'children'> & {
  name: string;
  options: readonly { value: string; label: string; description?: string }[];
};

/** A list field of the surrounding FormProvider as a column of checkboxes, one per option. */
export function CheckboxGroupField({ name, options, ...props }: CheckboxGroupFieldProps) {
  const { field, fieldState } = useController({ name });
  return (
    <Checkbox.Group {...props} value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message}>
      <Stack gap="xs" mt="xs">
        {options.map((option) => (
          <Checkbox key={option.value} value={option.value} label={option.label} description={option.description} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** The props that tie a yes/no input to a boolean field of the surrounding FormProvider. */
function useCheckedField(name: string) {
  const { field } = useController({ name });
  return {
    ref: field.ref,
    checked: Boolean(field.value),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => field.onChange(e.currentTarget.checked),
  };
}

type CheckedFieldProps<P> = Omit<P, 'name' | 'checked' | 'onChange'> & { name: string };

/** A Checkbox bound to a boolean field of the surrounding FormProvider. */
export function CheckboxField({ name, ...props }: CheckedFieldProps<CheckboxProps>) {
  return <Checkbox {...props} {...useCheckedField(name)} />;
}

/** A Switch bound to a boolean field of the surrounding FormProvider. */
export function SwitchField({ name, ...props }: CheckedFieldProps<SwitchProps>) {
  return <Switch {...props} {...useCheckedField(name)} />;
}
