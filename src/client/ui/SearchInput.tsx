import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

type SearchInputProps = Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange(text: string): void };

/** A list's search box: "Buscar" unless labelled otherwise, a magnifier on the left; `onChange` gets the text typed. */
export function SearchInput({ label = 'Buscar', onChange, ...props }: SearchInputProps) {
  return <TextInput label={label} leftSection={<IconSearch size={16} />} onChange={(e) => onChange(e.currentTarget.value)} {...props} />;
}
