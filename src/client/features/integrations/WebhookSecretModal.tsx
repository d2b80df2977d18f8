import { Code } from '@mantine/core';
import type { WebhookEndpointWithSecret } from '../../../shared/webhooks';
import { ShownOnceModal } from '../../ui/ShownOnceModal';

/** The only time a webhook's signing secret is shown: when it is registered, and when a new one is made. */
export function WebhookSecretModal({ endpoint, onClose }: { endpoint: WebhookEndpointWithSecret; onClose(): void }) {
  return (
    <ShownOnceModal
      title="Segredo de assinatura"
      warning={{
        title: 'Copie o segredo agora',
        text: 'Ele aparece só desta vez. Se perder, gere um novo: o anterior deixa de valer na hora.',
      }}
      lead={
        <>
          Webhook <strong>{endpoint.url}</strong>:
        </>
      }
      label="Segredo do webhook"
      value={endpoint.secret}
      help={
        <>
          Cada entrega traz <Code>X-Adega-Signature: t=…,v1=…</Code>: o HMAC-SHA256, com este segredo, de <Code>t</Code>, um ponto e o corpo
          da requisição. Confira a assinatura e recuse entregas antigas; o campo <Code>id</Code> do corpo identifica o evento para ignorar
          repetições.
        </>
      }
      copyLabel="Copiar segredo"
      copiedLabel="Copiado"
      doneLabel="Já copiei o segredo"
      onClose={onClose}
    />
  );
}
