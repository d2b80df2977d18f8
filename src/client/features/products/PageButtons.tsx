import { ActionIcon, Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

/** At most this many numbered buttons (SPEC §9), a window around the current page. */
export const MAX_PAGE_BUTTONS = 5;

/** The pages whose buttons show: up to MAX_PAGE_BUTTONS consecutive pages, the current one as central as it can be. */
export function pageWindow(page: number, total: number, max = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(max, total);
  const start = Math.max(1, Math.min(page - Math.floor(count / 2), total - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

export function PageButtons({ page, total, onChange }: { page: number; total: number; onChange(page: number): void }) {
  if (total <= 1) return null;
  return (
    <Group component="nav" aria-label="Paginação" justify="center" gap={6} mt="md">
      <ActionIcon variant="default" size="lg" aria-label="Página anterior" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        <IconChevronLeft size={18} />
      </ActionIcon>
      {pageWindow(page, total).map((p) => (
        <Button
          key={p}
          size="compact-md"
          h={34}
          miw={34}
          px={8}
          variant={p === page ? 'filled' : 'default'}
          aria-label={`Página ${p}`}
          aria-current={p === page ? 'page' : undefined}
          onClick={() => onChange(p)}
        >
          {p}
        </Button>
      ))}
      <ActionIcon variant="default" size="lg" aria-label="Próxima página" disabled={page >= total} onClick={() => onChange(page + 1)}>
        <IconChevronRight size={18} />
      </ActionIcon>
    </Group>
  );
}
