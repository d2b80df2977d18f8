import { Anchor, Group, NativeSelect, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { maskCnpj } from '../../../shared/field-rules';
import { ONBOARDING_STATUS_LABELS, ONBOARDING_STATUSES } from '../../../shared/onboarding';
import { formatDateTime } from '../../../shared/time';
import { CardList, CardListItem, CardListSkeleton } from '../../ui/CardList';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { QueryView } from '../../ui/QueryView';
import { SearchInput } from '../../ui/SearchInput';
import { ReviewStatusBadge } from './ReviewStatusBadge';
import { useReviews } from './reviews-api';

const STATUS_OPTIONS = [
  { value: '', label: 'Todos' },
  ...ONBOARDING_STATUSES.map((s) => ({ value: s, label: ONBOARDING_STATUS_LABELS[s] })),
];

/** /onboarding/cadastros: the restaurants' sign-ups, the ones waiting for a decision first (status Enviado). */
export function ReviewsPage() {
  const [status, setStatus] = useState('submitted');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const reviews = useReviews({ status, search: debounced });

  return (
    <>
      <PageHeader
        title="Cadastros de restaurantes"
        description="Restaurantes que se cadastraram pelo site. Confira os dados e o cardápio, e aprove ou rejeite."
      >
        <Group gap="sm" align="flex-end" wrap="wrap" mt="sm">
          <NativeSelect label="Status" data={STATUS_OPTIONS} value={status} onChange={(e) => setStatus(e.currentTarget.value)} w={180} />
          <SearchInput
            type="search"
            placeholder="Nome, CNPJ, cidade ou responsável"
            value={search}
            onChange={setSearch}
            style={{ flex: '1 1 240px' }}
          />
        </Group>
      </PageHeader>

      <QueryView query={reviews} errorTitle="Não foi possível carregar os cadastros" loading={<CardListSkeleton height={72} />}>
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState icon={<IconUserPlus size={24} />} title="Nenhum cadastro encontrado.">
              Quando um restaurante se cadastrar em /onboarding, ele aparece aqui.
            </EmptyState>
          ) : (
            <CardList label="Cadastros">
              {rows.map((p) => (
                <CardListItem key={p.id} aside={<ReviewStatusBadge status={p.status} />}>
                  <Anchor component={Link} to={`/onboarding/cadastros/${p.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {p.establishment_name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    CNPJ {maskCnpj(p.cnpj)} · {p.city} - {p.state}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {p.contact_name} · {p.contact_email} · {p.submitted_at ? 'enviado' : 'iniciado'} em{' '}
                    {formatDateTime(p.submitted_at ?? p.created_at)}
                  </Text>
                </CardListItem>
              ))}
            </CardList>
          )
        }
      </QueryView>
    </>
  );
}
