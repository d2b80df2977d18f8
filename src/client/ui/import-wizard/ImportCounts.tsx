import { Paper, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ImportRowMessage, ImportStatus } from '../../../shared/product-import';

const number = new Intl.NumberFormat('pt-BR');

/** Processed, imported, skipped and error counts of an import, as cards. */
export function ImportCounts({
  status,
  texts,
}: {
  status: Pick<ImportStatus, 'processed_rows' | 'total_rows' | 'success_count' | 'skipped_count' | 'error_count'>;
  /** The words of the rows that went in and of those left out on purpose. */
  texts: { success: string; skipped: string };
}) {
  const cards: [string, number, string][] = [
    ['Processadas', status.processed_rows, 'dark'],
    [texts.success, status.success_count, 'green.9'],
    [texts.skipped, status.skipped_count, 'orange.9'],
    ['Com erro', status.error_count, 'red.9'],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {cards.map(([label, value, color]) => (
        <Paper key={label} withBorder radius="md" p="sm" role="group" aria-label={label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fz={24} fw={700} c={color}>
            {number.format(value)}
            {label === 'Processadas' && (
              <Text span size="sm" c="dimmed" fw={400}>
                {' '}
                de {number.format(status.total_rows)}
              </Text>
            )}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** SPEC §9: the message list scrolls within a fixed height (60 units: 15rem); a short list takes only its room. */
export function MessageList({
  title,
  messages,
  total,
  color,
}: {
  title: string;
  messages: ImportRowMessage[];
  total: number;
  color: string;
}) {
  if (messages.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text fw={600} c={color}>
        {title} ({number.format(total)})
      </Text>
      <ScrollArea.Autosize mah="15rem" type="auto" offsetScrollbars>
        <Stack component="ul" gap={2} m={0} pl="md" aria-label={title}>
          {messages.map((m) => (
            <Text component="li" key={`${m.row}-${m.message}`} size="sm">
              {m.message}
            </Text>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {total > messages.length && (
        <Text size="xs" c="dimmed">
          Mostrando as primeiras {number.format(messages.length)}. Baixe a planilha de linhas com erro para ver todas.
        </Text>
      )}
    </Stack>
  );
}
