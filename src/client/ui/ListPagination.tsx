import { Group, Pagination } from '@mantine/core';

const CONTROL_LABELS = { next: 'Próxima página', previous: 'Página anterior', first: 'Primeira página', last: 'Última página' } as const;

/** Page buttons under a list, labelled in pt-BR for screen readers; nothing when everything fits on one page. */
export function ListPagination({ page, pages, onChange }: { page: number; pages: number; onChange(page: number): void }) {
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="md">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        getItemProps={(p) => ({ 'aria-label': `Página ${p}` })}
      />
    </Group>
  );
}
