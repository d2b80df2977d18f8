import { Alert, Anchor, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatPhone, maskCep, maskCnpj } from '../../../shared/field-rules';
import type { ReviewDetail } from '../../../shared/onboarding';
import { formatDateTime } from '../../../shared/time';
import { errorMessage } from '../../lib/api';
import { useCan } from '../../lib/use-can';
import { PageHeader } from '../../ui/PageHeader';
import { SectionCard } from '../../ui/SectionCard';
import { CheckStatusBadge, VALID_GREEN } from './CheckStatusBadge';
import { MenuFilePanel } from './MenuFilePanel';
import { ReviewStatusBadge } from './ReviewStatusBadge';
import { useReview } from './reviews-api';
import { useReviewDecisions } from './use-review-decisions';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/** /onboarding/cadastros/{id}: every field, the three checks, the menu, and Aprovar / Rejeitar. */
export function ReviewDetailPage() {
  const { id = '' } = useParams();
  const review = useReview(id);
  const back = { to: '/onboarding/cadastros', label: 'Cadastros' };

  if (review.isError)
    return (
      <>
        <PageHeader title="Cadastro" back={back} />
        <Alert color="red" variant="light" title="Não foi possível carregar o cadastro" role="alert">
          {errorMessage(review.error, 'Tente novamente em instantes.')}
        </Alert>
      </>
    );
  if (review.isPending)
    return (
      <Stack>
        <Skeleton h={40} w="60%" />
        <Skeleton h={240} />
      </Stack>
    );
  return <ReviewDetailView review={review.data} back={back} />;
}

function ReviewDetailView({ review: p, back }: { review: ReviewDetail; back: { to: string; label: string } }) {
  const canApprove = useCan('onboardingReview', 'approve');
  const canReject = useCan('onboardingReview', 'reject');
  const { confirmApprove, openReject, approving, rejecting } = useReviewDecisions(p);
  const undecided = p.status === 'submitted' || p.status === 'in_progress';

  return (
    <>
      <PageHeader
        title={p.establishment_name}
        documentTitle={`Cadastro: ${p.establishment_name}`}
        back={back}
        description={
          <Group gap="xs">
            <ReviewStatusBadge status={p.status} />
            <span>Iniciado em {when(p.created_at)}</span>
          </Group>
        }
        actions={
          undecided && (
            <>
              {canReject && (
                <Button variant="default" color="red" leftSection={<IconX size={18} />} onClick={openReject} loading={rejecting}>
                  Rejeitar
                </Button>
              )}
              {canApprove && p.status === 'submitted' && (
                <Button color={VALID_GREEN} leftSection={<IconCheck size={18} />} onClick={confirmApprove} loading={approving}>
                  Aprovar
                </Button>
              )}
            </>
          )
        }
      />
      <Stack gap="md">
        {p.status === 'approved' && p.establishment_id && (
          <Alert color="green" variant="light" title="Cadastro aprovado">
            Aprovado em {when(p.reviewed_at)}. Estabelecimento criado:{' '}
            <Anchor component={Link} to={`/estabelecimento/${p.establishment_id}/editar`}>
              {p.establishment_name}
            </Anchor>
            {p.establishment_slug && ` (/${p.establishment_slug})`}.
          </Alert>
        )}
        {p.status === 'rejected' && (
          <Alert color="red" variant="light" title="Cadastro rejeitado">
            Rejeitado em {when(p.reviewed_at)}. Motivo: {p.rejection_reason}
          </Alert>
        )}
        {p.status === 'in_progress' && (
          <Alert color="gray" variant="light">
            O restaurante ainda não terminou o cadastro: o cardápio não foi enviado.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <SectionCard title="Estabelecimento" gap={8}>
            <Field label="Nome">{p.establishment_name}</Field>
            <Field label="CNPJ">{p.checks.cnpj.status === 'valid' ? maskCnpj(p.cnpj) : p.cnpj}</Field>
            <Field label="E-mail">{p.email}</Field>
            <Field label="Telefone">{formatPhone(p.phone)}</Field>
            <Field label="Endereço">{p.address}</Field>
            <Field label="Cidade">
              {p.city} - {p.state}
            </Field>
            <Field label="CEP">{maskCep(p.zip_code)}</Field>
          </SectionCard>
          <Stack gap="md">
            <SectionCard title="Responsável" gap={8}>
              <Field label="Nome">{p.contact_name}</Field>
              <Field label="E-mail">{p.contact_email}</Field>
              <Field label="Telefone">{formatPhone(p.contact_phone)}</Field>
            </SectionCard>
            <SectionCard title="Verificações" gap={8}>
              {(['cnpj', 'email', 'phone'] as const).map((field) => (
                <Group key={field} justify="space-between" gap="xs">
                  <Text size="sm">{{ cnpj: 'CNPJ', email: 'E-mail', phone: 'Telefone' }[field]}</Text>
                  <Group gap="xs">
                    <Text size="xs" c="dimmed">
                      {when(p.checks[field].checked_at)}
                    </Text>
                    <CheckStatusBadge status={p.checks[field].status} />
                  </Group>
                </Group>
              ))}
            </SectionCard>
          </Stack>
        </SimpleGrid>
        <SectionCard title="Cardápio" gap={8}>
          {p.menu_file ? (
            <MenuFilePanel processId={p.id} file={p.menu_file} />
          ) : (
            <Text size="sm" c="dimmed">
              Nenhum cardápio enviado ainda.
            </Text>
          )}
        </SectionCard>
      </Stack>
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
