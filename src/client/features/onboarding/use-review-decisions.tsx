import { Button, Code, CopyButton, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Approval, ReviewDetail } from '../../../shared/onboarding';
import { errorMessage } from '../../lib/api';
import { VALID_GREEN } from './CheckStatusBadge';
import { useApprove, useReject } from './reviews-api';

/** Aprovar (confirm, then who was invited) and Rejeitar (with a reason), as modals. */
export function useReviewDecisions(p: ReviewDetail) {
  const approve = useApprove();
  const reject = useReject();

  const confirmApprove = () =>
    modals.openConfirmModal({
      title: 'Aprovar cadastro',
      children: (
        <Text size="sm">
          Vamos criar o estabelecimento “{p.establishment_name}” e o acesso de gerente para {p.contact_email}.
        </Text>
      ),
      labels: { confirm: 'Aprovar', cancel: 'Cancelar' },
      confirmProps: { color: VALID_GREEN },
      onConfirm: () =>
        approve.mutate(
          { id: p.id, arg: undefined },
          {
            onSuccess: (result) => showApproval(result as Approval),
            onError: (err) => notifications.show({ color: 'red', message: errorMessage(err, 'Não foi possível aprovar o cadastro.') }),
          },
        ),
    });

  const openReject = () => {
    const id = modals.open({
      title: 'Rejeitar cadastro',
      children: (
        <RejectForm
          onCancel={() => modals.close(id)}
          onReject={(reason) =>
            reject.mutateAsync({ id: p.id, arg: reason }).then(() => {
              modals.close(id);
              notifications.show({ color: 'green', message: 'Cadastro rejeitado.' });
            })
          }
        />
      ),
    });
  };

  return { confirmApprove, openReject, approving: approve.isPending, rejecting: reject.isPending };
}

function showApproval(result: Approval) {
  modals.open({
    title: 'Cadastro aprovado',
    closeOnClickOutside: false,
    children: (
      <Stack gap="sm">
        <Text size="sm">
          O estabelecimento “{result.establishment.name}” foi criado (/{result.establishment.slug}).
        </Text>
        {result.manager.invited ? (
          <>
            <Text size="sm">
              Enviamos a {result.manager.email} um convite para criar a senha e acessar o painel como gerente. O link vale por 7 dias.
            </Text>
            {result.manager.link && (
              <>
                <Text size="sm">
                  Este servidor não envia e-mails (grava cada mensagem em arquivo): entregue o link abaixo ao responsável.
                </Text>
                <Code block data-testid="invitation-link" style={{ wordBreak: 'break-all' }}>
                  {result.manager.link}
                </Code>
                <CopyButton value={result.manager.link}>
                  {({ copied, copy }) => (
                    <Button variant="light" onClick={copy}>
                      {copied ? 'Link copiado' : 'Copiar link'}
                    </Button>
                  )}
                </CopyButton>
              </>
            )}
          </>
        ) : (
          <Text size="sm">
            {result.manager.email} já tinha acesso de gerente: o novo estabelecimento foi vinculado a esse usuário, com a senha que ele já
            usa.
          </Text>
        )}
        <Button onClick={() => modals.closeAll()}>Fechar</Button>
      </Stack>
    ),
  });
}

function RejectForm({ onReject, onCancel }: { onReject(reason: string): Promise<void>; onCancel(): void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reason.trim()) {
      setError('Informe o motivo da rejeição.');
      return;
    }
    setBusy(true);
    try {
      await onReject(reason.trim());
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível rejeitar o cadastro.'));
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Textarea
        label="Motivo da rejeição"
        description="Fica registrado no cadastro."
        autosize
        minRows={3}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={error}
        data-autofocus
      />
      <Stack gap="xs">
        <Button color="red" onClick={() => void submit()} loading={busy}>
          Rejeitar
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
      </Stack>
    </Stack>
  );
}
