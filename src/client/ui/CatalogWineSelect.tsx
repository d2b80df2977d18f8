import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import type { CatalogWine } from '../../shared/catalog';
import { useCatalogWineSearch } from '../lib/catalog-search';

type Props = Omit<SelectProps, 'name' | 'value' | 'onChange' | 'data' | 'searchValue' | 'onSearchChange'> & {
  /** The form field that holds the chosen wine's id. */
  name: string;
  /** The form field that holds its label: shown for the choice the form opened with, before any search finds it. */
  labelName: string;
  /** What the id field holds when nothing is chosen. */
  emptyValue: '' | null;
  /** A wine was chosen from the search results: time to fill the fields that follow from it. */
  onPick(wine: CatalogWine): void;
};

/** A catalogue wine searched as the user types (the server filters; the list shows what it answers). */
export function CatalogWineSelect({ name, labelName, emptyValue, onPick, ...props }: Props) {
  const { getValues, setValue } = useFormContext();
  const { field, fieldState } = useController({ name });
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const wines = useCatalogWineSearch(q.trim());
  const results = wines.data ?? [];
  const data = results.map((w) => ({ value: w.id, label: w.vintage ? `${w.name} ${w.vintage}` : w.name }));
  if (field.value && !data.some((d) => d.value === field.value)) data.unshift({ value: field.value, label: getValues(labelName) });
  return (
    <Select
      {...props}
      searchable
      nothingFoundMessage={wines.isFetching ? 'Buscando…' : 'Nenhum vinho encontrado'}
      data={data}
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      value={field.value || null}
      onChange={(value, option) => {
        field.onChange(value ?? emptyValue);
        setValue(labelName, option?.label ?? '');
        const wine = results.find((w) => w.id === value);
        if (wine) onPick(wine);
      }}
      ref={field.ref}
      error={fieldState.error?.message}
    />
  );
}
