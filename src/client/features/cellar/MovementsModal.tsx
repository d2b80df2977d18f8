import { Alert, Button, Grid, Modal, NumberInput, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CELLAR_MOVEMENT_REASON_LABELS, type CellarItem } from '../../../shared/cellar';
import { pluralWord } from '../../../shared/plural';
import { errorMessage } from '../../lib/api';
import { useCellarMovement } from '../../lib/cellar-queries';
import { AuditHistory } from '../../ui/AuditHistory';
import { CardTable } from '../../ui/CardTable';
import { ListSkeleton } from '../../ui/ListStates';
import { notifySuccess } from '../../ui/notify';
import { QueryView } from '../../ui/QueryView';
import { TableRows } from '../../ui/TableRows';
import { useMovements } from './cellar-api';
import { bottles, itemOrigin } from './cellar-status';

/** What a person records by hand here: bottles out (sale, breakage, tasting) or in (bought outside an order). */
const HAND_REASONS = [
  { value: 'sale', label: 'Venda (garrafa)' },
  { value: 'breakage', label: 'Quebra' },
  { value: 'tasting', label: 'Degustação' },
  { value: 'delivery', label: 'Entrada (compra avulsa)' },
] as const;
type HandReason = (typeof HAND_REASONS)[number]['value'];

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

interface Props {
  establishmentId: string;
  /** May the user record movements (else the history only)? */
  canMove: boolean;
  item: CellarItem | null;
  onClose(): void;
}

/** The ledger of one cellar wine, newest first, and a short form to record bottles out (sale, breakage, tasting) or in. */
export function MovementsModal({ establishmentId, canMove, item, onClose }: Props) {
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      size="xl"
      title={
        <Text fw={700} fz="lg">
          {item ? `Histórico de ${item.name}` : 'Histórico'}
        </Text>
      }
    >
      {item && (
        <Stack gap="md">
          <MovementsBody establishmentId={establishmentId} canMove={canMove} item={item} />
          <AuditHistory kind="cellar_item" id={item.id} />
        </Stack>
      )}
    </Modal>
  );
}

function MovementsBody({ establishmentId, canMove, item }: { establishmentId: string; canMove: boolean; item: CellarItem }) {
  const movements = useMovements(item.id);
  const move = useCellarMovement(establishmentId);
  const [reason, setReason] = useState<HandReason>('sale');
  const incoming = reason === 'delivery';
  const [quantity, setQuantity] = useState<string | number>(1);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const record = () => {
    const n = Number(quantity);
    if (!Number.isInteger(n) || n < 1) {
      setError(`Informe quantas garrafas ${incoming ? 'entraram' : 'saíram'} (um número inteiro de pelo menos 1).`);
      return;
    }
    setError(null);
    move.mutate(
      { itemId: item.id, movement: { delta: incoming ? n : -n, reason, note: note.trim() || null } },
      {
        onSuccess: (result) => {
          notifySuccess(`${incoming ? 'Entrada' : 'Saída'} registrada. ${bottles(result.on_hand)} de ${item.name}.`);
          setQuantity(1);
          setNote('');
        },
        onError: (err) => setError(errorMessage(err, 'Não foi possível registrar o movimento.')),
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {[itemOrigin(item), `${bottles(item.on_hand)} agora`, `estoque ideal ${item.par_level}`].filter(Boolean).join(' · ')}
      </Text>
      {canMove && (
        <Paper withBorder p="sm" radius="md" bg="gray.0">
          <Text fw={600} size="sm" mb="xs">
            Registrar movimento
          </Text>
          <Grid gap="sm" align="flex-end">
            <Grid.Col span={{ base: 7, sm: 4 }}>
              <Select
                label="Motivo"
                data={HAND_REASONS}
                value={reason}
                onChange={(v) => setReason((v as HandReason | null) ?? 'sale')}
                allowDeselect={false}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 5, sm: 2 }}>
              <NumberInput
                label="Garrafas"
                min={1}
                allowDecimal={false}
                allowNegative={false}
                inputMode="numeric"
                value={quantity}
                onChange={setQuantity}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label="Observação"
                placeholder="Opcional"
                value={note}
                onChange={(e) => setNote(e.currentTarget.value)}
                maxLength={500}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 2 }}>
              <Button fullWidth onClick={record} loading={move.isPending}>
                Registrar
              </Button>
            </Grid.Col>
          </Grid>
          {error && (
            <Alert color="red" variant="light" mt="sm" role="alert">
              {error}
            </Alert>
          )}
        </Paper>
      )}

      <QueryView query={movements} errorTitle="Não foi possível carregar o histórico" loading={<ListSkeleton rows={4} />}>
        {(rows) =>
          rows.length === 0 ? (
            <Text c="dimmed" size="sm" ta="center" py="md">
              Nenhuma movimentação ainda.
            </Text>
          ) : (
            <CardTable label={`Movimentações de ${item.name}`} verticalSpacing="xs" minWidth={620}>
              <TableRows
                head={
                  <>
                    <Table.Th>Quando</Table.Th>
                    <Table.Th>Motivo</Table.Th>
                    <Table.Th ta="right">Variação</Table.Th>
                    <Table.Th ta="right">Saldo</Table.Th>
                    <Table.Th>Quem</Table.Th>
                  </>
                }
                rows={rows}
                rowKey={(m) => m.id}
              >
                {(m) => (
                  <>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {dateTime.format(new Date(m.created_at))}
                      </Text>
                      {m.note && (
                        <Text size="xs" c="dimmed">
                          {m.note}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-label="Motivo">{CELLAR_MOVEMENT_REASON_LABELS[m.reason]}</Table.Td>
                    <Table.Td data-label="Variação" ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Text span size="sm" fw={600} c={m.delta < 0 ? 'red.9' : m.delta > 0 ? '#1e6b2f' : undefined}>
                        {m.reason === 'glass_sale'
                          ? `${signed(m.dose_delta)} ${pluralWord(Math.abs(m.dose_delta), 'taça', 'taças')}`
                          : signed(m.delta)}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label="Saldo" ta="right">
                      {m.on_hand_after}
                    </Table.Td>
                    <Table.Td data-label="Quem">
                      <Text size="sm">{m.user_name ?? (m.order_id ? 'Entrega do pedido' : 'Sistema')}</Text>
                    </Table.Td>
                  </>
                )}
              </TableRows>
            </CardTable>
          )
        }
      </QueryView>
    </Stack>
  );
}
