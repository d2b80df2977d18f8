import { Alert, Anchor, Badge, Button, Group, List, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconFileExport, IconSearch, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import {
  LGPD_REQUEST_KINDS,
  LGPD_REQUEST_STATUSES,
  type LgpdRequest,
  ON_ERASE_LABELS,
  type RetentionRule,
  type SubjectFindings,
  summaryText,
} from '../../../shared/lgpd';
import { formatDateTime } from '../../../shared/time';
import { errorMessage } from '../../lib/api';
import { CardTable } from '../../ui/CardTable';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { SectionCard } from '../../ui/SectionCard';
import { useErase, useLgpdRequests, useRequestExport, useRetentionRules, useSubjectSearch, useUpdateRetention } from './lgpd-api';

const STATUS_COLORS: Record<LgpdRequest['status'], string> = {
  queued: 'blue',
  ready: 'green',
  done: 'gray',
  failed: 'red',
  expired: 'gray',
  withdrawn: 'gray',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** /lgpd: a data subject's rights (LGPD art. 18) and the retention rules, for admins. */
export function LgpdPage() {
  return (
    <>
      <PageHeader
        title="Dados pessoais (LGPD)"
        description={
          <>
            Encontre os dados de um titular por e-mail, CPF ou telefone para exportá-los ou apagá-los. O que o Adega guarda está descrito na{' '}
            <Anchor href="/privacidade" target="_blank" underline="always">
              página pública de privacidade
            </Anchor>
            .
          </>
        }
      />
      <Stack gap="lg">
        <SubjectSection />
        <RequestsSection />
        <RetentionSection />
      </Stack>
    </>
  );
}

function SubjectSection() {
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState<{ query: string; findings: SubjectFindings } | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const search = useSubjectSearch();
  const requestExport = useRequestExport();
  const erase = useErase();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const typed = query.trim();
    search.mutate(typed, {
      onSuccess: (findings) => setSearched({ query: typed, findings }),
      onError: () => setSearched(null),
    });
  };

  const startExport = () => {
    if (!searched) return;
    requestExport.mutate(searched.query, {
      onSuccess: () => notifySuccess('Exportação pedida: o arquivo aparece na lista de pedidos em instantes.'),
      onError: (err) => notifyError(errorMessage(err, 'Não foi possível pedir a exportação.')),
    });
  };

  const confirmErase = () => {
    if (!searched) return;
    const records = searched.findings.sources.reduce((n, s) => n + s.records.length, 0);
    modals.openConfirmModal({
      title: 'Apagar os dados deste titular?',
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {plural(records, 'registro será apagado ou anonimizado', 'registros serão apagados ou anonimizados')} e{' '}
            {plural(searched.findings.files_count, 'arquivo enviado será apagado', 'arquivos enviados serão apagados')}. Pedidos e valores
            fiscais ficam, com a pessoa trocada por “Titular anonimizado”.
          </Text>
          <Text size="sm" fw={600}>
            Não há como desfazer.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Apagar dados', cancel: 'Cancelar' },
      // red.9: white on Mantine's red.7 reads under 4.5:1 (axe color-contrast).
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        erase.mutate(searched.query, {
          onSuccess: (request) => {
            setSearched(null);
            setQuery('');
            setOutcome(summaryText(request.summary));
            notifySuccess('Dados apagados.');
          },
          onError: (err) => notifyError(errorMessage(err, 'Não foi possível apagar os dados.')),
        }),
    });
  };

  return (
    <SectionCard title="Buscar titular" gap={12}>
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="E-mail, CPF ou telefone"
            placeholder="ana@exemplo.com.br, 123.456.789-09 ou (48) 99999-1234"
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            required
            style={{ flex: '1 1 260px' }}
            autoComplete="off"
          />
          <Button type="submit" leftSection={<IconSearch size={16} />} loading={search.isPending}>
            Buscar
          </Button>
        </Group>
      </form>
      {search.isError && (
        <Alert color={errorMessage(search.error, '').startsWith('Nenhum dado') ? 'blue' : 'red'} role="status">
          {errorMessage(search.error, 'Não foi possível buscar.')}
        </Alert>
      )}
      {outcome && (
        <Alert color="green" title="Dados apagados" role="status">
          {outcome}
        </Alert>
      )}
      {searched && <Findings findings={searched.findings} />}
      {searched && (
        <Group gap="sm">
          <Button leftSection={<IconFileExport size={16} />} onClick={startExport} loading={requestExport.isPending}>
            Exportar dados
          </Button>
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={confirmErase} loading={erase.isPending}>
            Apagar dados
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}

function Findings({ findings }: { findings: SubjectFindings }) {
  return (
    <Stack gap="sm" aria-label="Dados encontrados" role="region">
      <Text size="sm" fw={600}>
        Dados encontrados
        {findings.files_count > 0 && ` · ${plural(findings.files_count, 'arquivo enviado', 'arquivos enviados')}`}
      </Text>
      {findings.sources.map((source) => (
        <div key={source.source}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {source.label} ({source.records.length})
            </Text>
            <Badge variant="light" color={source.on_erase === 'mantido' ? 'gray' : source.on_erase === 'apagado' ? 'red' : 'orange'}>
              ao apagar: {ON_ERASE_LABELS[source.on_erase]}
            </Badge>
          </Group>
          <List size="sm" spacing={2} mt={4}>
            {source.records.map((record) => (
              <List.Item key={record.id} style={{ overflowWrap: 'anywhere' }}>
                {record.summary}
              </List.Item>
            ))}
          </List>
        </div>
      ))}
    </Stack>
  );
}

function RequestsSection() {
  const requests = useLgpdRequests();
  return (
    <SectionCard title="Pedidos dos titulares" gap={8}>
      {requests.isError && <Alert color="red">{errorMessage(requests.error, 'Não foi possível carregar os pedidos.')}</Alert>}
      {requests.data && requests.data.length === 0 && (
        <Text size="sm" c="dimmed">
          Nenhum pedido ainda.
        </Text>
      )}
      {requests.data && requests.data.length > 0 && (
        <CardTable label="Pedidos dos titulares" minWidth={720}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Pedido</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th>O que foi feito</Table.Th>
              <Table.Th>Arquivo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {requests.data.map((request) => (
              <Table.Tr key={request.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {LGPD_REQUEST_KINDS[request.kind]}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(request.created_at)}
                  </Text>
                  {request.requested_by_email && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      por {request.requested_by_email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label="Situação">
                  <Badge color={STATUS_COLORS[request.status]} variant="light" maw="100%">
                    {LGPD_REQUEST_STATUSES[request.status]}
                  </Badge>
                </Table.Td>
                <Table.Td data-label="O que foi feito">
                  <Text size="sm">{summaryText(request.summary) || '—'}</Text>
                  {request.error && (
                    <Text size="xs" c="red.8">
                      {request.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label="Arquivo">
                  {request.download_url ? (
                    <Stack gap={2}>
                      <Anchor href={request.download_url} download size="sm">
                        <Group gap={4} wrap="nowrap">
                          <IconDownload size={14} /> Baixar ZIP
                        </Group>
                      </Anchor>
                      {request.expires_at && (
                        <Text size="xs" c="dimmed">
                          Link válido até {formatDateTime(request.expires_at)}
                        </Text>
                      )}
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </CardTable>
      )}
    </SectionCard>
  );
}

function RetentionSection() {
  const rules = useRetentionRules();
  return (
    <SectionCard title="Regras de retenção" gap={12}>
      <Text size="sm" c="dimmed">
        Uma tarefa diária aplica estas regras, uma vez só mesmo com vários servidores.
      </Text>
      {rules.isError && <Alert color="red">{errorMessage(rules.error, 'Não foi possível carregar as regras.')}</Alert>}
      {rules.data?.map((rule) => (
        <RuleItem key={rule.rule} rule={rule} />
      ))}
    </SectionCard>
  );
}

function RuleItem({ rule }: { rule: RetentionRule }) {
  const [days, setDays] = useState<number | string>(rule.days);
  const update = useUpdateRetention();
  const lastRun = rule.last_run_at
    ? `Última execução: ${formatDateTime(rule.last_run_at)} (${plural(rule.last_affected ?? 0, 'registro alterado', 'registros alterados')}).`
    : 'Ainda não executada.';
  return (
    <Stack gap={6} component="article" aria-label={rule.label}>
      <Text size="sm" fw={600}>
        {rule.label}: {rule.days} dias
      </Text>
      <Text size="sm">{rule.effect}</Text>
      <Text size="sm" c="dimmed">
        {lastRun}
      </Text>
      {rule.editable && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate(Number(days), {
              onSuccess: () => notifySuccess('Prazo salvo.'),
              onError: (err) => notifyError(errorMessage(err, 'Não foi possível salvar o prazo.')),
            });
          }}
        >
          <Group align="flex-end" gap="sm">
            <NumberInput label="Prazo em dias" value={days} onChange={setDays} min={30} max={3650} step={30} w={160} />
            <Button type="submit" variant="light" loading={update.isPending}>
              Salvar prazo
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
