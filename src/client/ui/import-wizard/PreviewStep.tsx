import { Alert, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { pluralWord } from '../../../shared/plural';
import { formatMegabytes } from '../../../shared/product-import';
import { useImportPreview } from './import-queries';
import type { ImportSource } from './import-source';

interface Props<F extends string> {
  source: ImportSource<F>;
  importId: string;
  fileSize: number | null;
  onBack(): void;
  onNext(): void;
}

const number = new Intl.NumberFormat('pt-BR');

/** Step 2: the columns and first 5 rows as the server read them. */
export function PreviewStep<F extends string>({ source, importId, fileSize, onBack, onNext }: Props<F>) {
  const preview = useImportPreview(source, importId);
  const [one, many] = source.texts.rows;
  if (preview.isError)
    return (
      <Stack>
        <Alert color="red" variant="light" role="alert">
          Erro ao carregar preview dos dados
        </Alert>
        <Group>
          <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={onBack}>
            Voltar
          </Button>
        </Group>
      </Stack>
    );
  if (preview.isPending) return <Skeleton h={240} radius="md" />;
  const { columns, total_rows, sample_data } = preview.data;
  return (
    <Stack gap="md">
      <Text>
        <b>{number.format(total_rows)}</b> {pluralWord(total_rows, one, many)} e <b>{columns.length}</b> colunas
        {fileSize !== null && ` · ${formatMegabytes(fileSize)}`}. Primeiras {sample_data.length} linhas:
      </Text>
      <Table.ScrollContainer
        minWidth={600}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Pré-visualização (role para os lados)' } }}
      >
        <Table striped withTableBorder withColumnBorders fz="sm" aria-label="Pré-visualização da planilha">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c} style={{ whiteSpace: 'nowrap' }}>
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sample_data.map((row, i) => (
              <Table.Tr key={i}>
                {columns.map((c) => (
                  <Table.Td key={c} style={{ whiteSpace: 'nowrap' }}>
                    {row[c]}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={onBack}>
          Voltar
        </Button>
        <Button rightSection={<IconArrowRight size={18} />} onClick={onNext}>
          Continuar
        </Button>
      </Group>
    </Stack>
  );
}
