import { TextInput, type TextInputProps } from '@mantine/core';
import { useController } from 'react-hook-form';
import type { Mask } from './masks';

type Props = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & { name: string; mask: Mask };

/**
 * A text field formatted while typed. Typing at the end reformats at once; an edit in the middle keeps the caret
 * where it is and the text is tidied when the field is left.
 */
export function MaskedTextField({ name, mask, ...props }: Props) {
  const { field, fieldState } = useController({ name });
  return (
    <TextInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ''}
      error={fieldState.error?.message}
      onChange={(e) => {
        const input = e.currentTarget;
        const atEnd = input.selectionStart === input.value.length;
        field.onChange(atEnd ? mask(input.value) : input.value);
      }}
      onBlur={() => {
        field.onChange(mask(field.value ?? ''));
        field.onBlur();
      }}
    />
  );
}
