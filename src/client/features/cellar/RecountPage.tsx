import { Alert, Button, Group, NumberInput, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconArrowRight, IconBottle, IconCircleCheck } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { type CellarItem, recountIsFarOff } from '../../../shared/cellar';
import { countOf } from '../../../shared/plural';
import { errorMessage } from '../../lib/api';
import { useCellarMovement } from '../../lib/cellar-queries';
import { useChosenEstablishment } from '../../lib/use-chosen-establishment';
import { EmptyState } from '../../ui/EmptyState';
import { WHOLE_NUMBER_INPUT } from '../../ui/form-fields';
import { LoadErrorAlert } from '../../ui/ListStates';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageStates';
import { useCellarList } from './cellar-api';
import { bottles, itemOrigin } from './cellar-status';

interface Counted {
  name: string;
  before: number;
  after: number;
}

/**
 * /adega/recontagem — walks the shelf on a phone: one wine at a time, the bottles counted typed into one big field,
 * each count different from the system saved as a `count` movement before moving on.
 */
export function RecountPage() {
  const { establishments, establishment } = useChosenEstablishment();
  const items = useCellarList(establishment?.id ?? '');
  const back = { to: establishment ? `/adega?establishment_id=${establishment.id}` : '/adega', label: 'Adega da casa' };

  if (establishments.isPending || (establishment && items.isPending)) return <PageLoader />;
  const failure = establishments.error ?? items.error;
  if (failure) {
    return (
      <>
        <PageHeader title="Recontagem" back={back} />
        <LoadErrorAlert title="Não foi possível carregar a adega" error={failure} />
      </>
    );
  }
  if (!establishment || !items.data || items.data.length === 0) {
    return (
      <>
        <PageHeader title="Recontagem" back={back} />
        <EmptyState icon={<IconBottle size={26} />} title="Nada para contar">
          A adega ainda não tem vinhos cadastrados.
        </EmptyState>
      </>
    );
  }
  return <RecountWalk establishmentId={establishment.id} establishmentName={establishment.name} items={items.data} back={back} />;
}

function RecountWalk({
  establishmentId,
  establishmentName,
  items,
  back,
}: {
  establishmentId: string;
  establishmentName: string;
  items: CellarItem[];
  back: { to: string; label: string };
}) {
  // The shelf order is fixed when the walk starts: saving a count must not move the wines around.
  const [order] = useState(() => [...items].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')).map((i) => i.id));
  const byId = useMemo(() => new Map(items.map((i) => [i.id, i])), [items]);
  const [index, setIndex] = useState(0);
  const [typed, setTyped] = useState<Record<string, string | number>>({});
  const [counted, setCounted] = useState<Record<string, Counted>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const move = useCellarMovement(establishmentId);
  const total = order.length;
  const item = byId.get(order[index] ?? '');
  const changes = Object.values(counted).filter((c) => c.before !== c.after);

  if (done) {
    return (
      <>
        <PageHeader title="Recontagem concluída" back={back} documentTitle="Recontagem" />
        <Paper withBorder shadow="xs" p="lg" radius="md" maw={560}>
          <Stack gap="sm">
            <Group gap="sm">
              <ThemeIcon color="green" variant="light" size={40} radius="xl">
                <IconCircleCheck size={24} />
              </ThemeIcon>
              <Text fw={600}>
                {Object.keys(counted).length} de {countOf(total, 'vinho contado', 'vinhos contados')} em {establishmentName}.
              </Text>
            </Group>
            {changes.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nenhuma diferença: a adega confere com o sistema.
              </Text>
            ) : (
              <>
                <Text size="sm">{countOf(changes.length, 'vinho ajustado', 'vinhos ajustados')} (ficam no histórico como recontagem):</Text>
                <Stack gap={4} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
                  {changes.map((c) => (
                    <li key={c.name}>
                      <Text size="sm">
                        {c.name}: {c.before} → <b>{c.after}</b>
                      </Text>
                    </li>
                  ))}
                </Stack>
              </>
            )}
            <Group>
              <Button component={Link} to={back.to}>
                Voltar à adega
              </Button>
            </Group>
          </Stack>
        </Paper>
      </>
    );
  }

  if (!item) return null;
  const value = typed[item.id] ?? '';
  const hasValue = value !== '' && value !== undefined;
  const last = index === total - 1;

  const goTo = (next: number) => {
    setError(null);
    if (next >= total) setDone(true);
    else setIndex(Math.max(0, next));
    requestAnimationFrame(() => input.current?.focus());
  };

  const saveAndNext = () => {
    if (!hasValue) return goTo(index + 1);
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) {
      setError('Informe quantas garrafas há na prateleira: um número inteiro, zero ou mais.');
      return;
    }
    if (n === item.on_hand) {
      setCounted((c) => ({ ...c, [item.id]: { name: item.name, before: item.on_hand, after: n } }));
      return goTo(index + 1);
    }
    if (recountIsFarOff(item.on_hand, n)) return confirmFarOff(n);
    save(n);
  };

  // Cancelar or Esc keeps the typed number in the field, focused, to be corrected.
  const confirmFarOff = (n: number) =>
    modals.openConfirmModal({
      title: `Contagem de ${item.name}`,
      centered: true,
      children: (
        <Text size="sm">
          O sistema tem {item.on_hand.toLocaleString('pt-BR')}, você contou {n.toLocaleString('pt-BR')}. Confirmar?
        </Text>
      ),
      labels: { confirm: 'Confirmar', cancel: 'Cancelar' },
      onConfirm: () => save(n),
      onClose: () => requestAnimationFrame(() => input.current?.focus()),
    });

  const save = (n: number) => {
    move.mutate(
      { itemId: item.id, movement: { counted: n, reason: 'count' } },
      {
        onSuccess: () => {
          setCounted((c) => ({ ...c, [item.id]: { name: item.name, before: c[item.id]?.before ?? item.on_hand, after: n } }));
          goTo(index + 1);
        },
        onError: (err) => setError(errorMessage(err, 'Não foi possível salvar a contagem. Tente de novo.')),
      },
    );
  };

  return (
    <>
      <PageHeader title="Recontagem" back={back} description={`Conte as garrafas de ${establishmentName}, um vinho de cada vez.`} />
      <Stack gap="md" maw={560} mx="auto">
        <div>
          <Group justify="space-between" mb={6}>
            <Text size="sm" fw={600} aria-live="polite">
              Vinho {index + 1} de {total}
            </Text>
            <Text size="sm" c="dimmed">
              {countOf(Object.keys(counted).length, 'contado', 'contados')}
            </Text>
          </Group>
          <Progress value={((index + 1) / total) * 100} aria-label={`Vinho ${index + 1} de ${total}`} size="md" radius="xl" />
        </div>
        <Paper withBorder shadow="sm" p="lg" radius="lg">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              saveAndNext();
            }}
            noValidate
          >
            <Stack gap="md">
              <div>
                <Title order={2} fz={24} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
                  {item.name}
                </Title>
                {itemOrigin(item) && (
                  <Text c="dimmed" size="sm">
                    {itemOrigin(item)}
                  </Text>
                )}
                <Text size="sm" mt={6}>
                  No sistema: <b>{bottles(item.on_hand)}</b>
                  {counted[item.id] && ` · contado agora: ${counted[item.id]?.after}`}
                </Text>
              </div>
              <NumberInput
                ref={input}
                key={item.id}
                label="Garrafas na prateleira"
                description="Deixe em branco para pular este vinho."
                size="xl"
                min={0}
                {...WHOLE_NUMBER_INPUT}
                hideControls
                autoFocus
                value={value}
                onChange={(v) => setTyped((t) => ({ ...t, [item.id]: v }))}
                styles={{
                  label: { fontSize: 'var(--mantine-font-size-md)', marginBottom: 2 },
                  description: { fontSize: 'var(--mantine-font-size-sm)', marginBottom: 6 },
                  input: { fontSize: 44, height: 84, textAlign: 'center', fontWeight: 700 },
                }}
                error={error ?? undefined}
              />
              {error && !hasValue && (
                <Alert color="red" variant="light" role="alert">
                  {error}
                </Alert>
              )}
              {/* The thumb's button first and full width; going back is the rarer move. */}
              <Button size="lg" fullWidth type="submit" rightSection={<IconArrowRight size={20} />} loading={move.isPending}>
                {hasValue ? (last ? 'Salvar e concluir' : 'Salvar e próximo') : last ? 'Concluir' : 'Pular'}
              </Button>
              <Button
                size="md"
                fullWidth
                variant="default"
                leftSection={<IconArrowLeft size={18} />}
                disabled={index === 0 || move.isPending}
                onClick={() => goTo(index - 1)}
              >
                Anterior
              </Button>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </>
  );
}
