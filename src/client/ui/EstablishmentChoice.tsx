import { Select } from '@mantine/core';

/** Under a screen's title, which establishment it shows: only for someone who has more than one. */
export function EstablishmentChoice({
  list,
  value,
  onChange,
}: {
  list: readonly { id: string; name: string }[];
  value: string;
  onChange(id: string): void;
}) {
  if (list.length < 2) return null;
  return (
    <Select
      mt="xs"
      maw={340}
      label="Estabelecimento"
      allowDeselect={false}
      data={list.map((e) => ({ value: e.id, label: e.name }))}
      value={value || null}
      onChange={(v) => v && onChange(v)}
    />
  );
}
