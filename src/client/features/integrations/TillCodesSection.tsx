import { ActionIcon, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TILL_SALE_TEXTS } from '../../../shared/till-sales';
import { ApiError, errorMessage } from '../../lib/api';
import { cellarListQuery } from '../../lib/cellar-queries';
import { mutationToasts, notifySuccess } from '../../ui/notify';
import { useDeleteTillCode, useSaveTillCode, useTillCodes } from './api-keys-api';

/**
 * "Códigos do PDV": the till's own code of each wine, linked once, so the till's sales can name wines the way the till
 * knows them (`product_code` in POST /api/establishments/{id}/cellar/sales).
 */
export function TillCodesSection({ establishmentId, canEdit }: { establishmentId: string; canEdit: boolean }) {
  const codes = useTillCodes(establishmentId);
  const cellar = useQuery(cellarListQuery(establishmentId));
  const save = useSaveTillCode(establishmentId);
  const remove = useDeleteTillCode(establishmentId);
  const [code, setCode] = useState('');
  const [itemId, setItemId] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ code?: string; item?: string; form?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      code: code.trim() && code.trim().length <= 64 ? undefined : TILL_SALE_TEXTS.productCode,
      item: itemId ? undefined : TILL_SALE_TEXTS.codeItem,
    };
    setErrors(found);
    if (found.code || found.item || !itemId) return;
    save.mutate(
      { code: code.trim(), cellarItemId: itemId },
      {
        onSuccess: (saved) => {
          notifySuccess(`Código ${saved.code} ligado a ${saved.cellar_item_name}.`);
          setCode('');
          setItemId(null);
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? err.fields : undefined;
          setErrors({
            code: fields?.code,
            item: fields?.cellar_item_id,
            form: fields ? undefined : errorMessage(err, 'Não foi possível ligar o código.'),
          });
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" mt="xl" component="section" aria-labelledby="till-codes-title">
      <Title order={2} size="h4" id="till-codes-title">
        Códigos do PDV
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Ligue o código de cada vinho no seu PDV a um vinho da adega: as vendas do PDV podem citar o vinho por esse código.
      </Text>
      {codes.data && codes.data.length > 0 ? (
        <Table.ScrollContainer minWidth={0} mb="sm">
          <Table aria-label="Códigos do PDV" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Código</Table.Th>
                <Table.Th>Vinho da adega</Table.Th>
                {canEdit && <Table.Th w={48} aria-label="Ações" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {codes.data.map((c) => (
                <Table.Tr key={c.code}>
                  <Table.Td ff="monospace">{c.code}</Table.Td>
                  <Table.Td>{c.cellar_item_name}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Desligar o código ${c.code}`}
                        onClick={() => remove.mutate(c.code, mutationToasts('Código desligado.', 'Não foi possível desligar o código.'))}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        codes.isSuccess && (
          <Text size="sm" mb="sm">
            Nenhum código ligado ainda.
          </Text>
        )
      )}
      {canEdit && (
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label="Código no PDV"
                value={code}
                onChange={(e) => {
                  setCode(e.currentTarget.value);
                  setErrors({});
                }}
                maxLength={64}
                error={errors.code}
                style={{ flex: '1 1 140px' }}
              />
              <Select
                label="Vinho da adega"
                searchable
                nothingFoundMessage="Nenhum vinho"
                data={(cellar.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
                value={itemId}
                onChange={(value) => {
                  setItemId(value);
                  setErrors({});
                }}
                error={errors.item}
                style={{ flex: '2 1 220px' }}
              />
            </Group>
            {errors.form && (
              <Text size="sm" c="red" role="alert">
                {errors.form}
              </Text>
            )}
            <Group>
              <Button type="submit" variant="default" loading={save.isPending}>
                Ligar código
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
