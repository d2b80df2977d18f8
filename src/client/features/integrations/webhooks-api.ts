import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type WebhookEndpointInput,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '../../../shared/webhooks';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const hooksPath = (establishmentId: string) => `/establishments/${establishmentId}/webhooks`;

export const useWebhooks = (establishmentId: string) =>
  useQuery({
    queryKey: queryKeys.webhooks.list(establishmentId),
    queryFn: () => api.get(hooksPath(establishmentId), z.array(webhookEndpointSchema)),
    enabled: establishmentId !== '',
  });

/** The last deliveries of one webhook, read again every few seconds while shown (retries land on their own). */
export const useWebhookDeliveries = (establishmentId: string, webhookId: string) =>
  useQuery({
    queryKey: queryKeys.webhooks.deliveries(webhookId),
    queryFn: () => api.get(`${hooksPath(establishmentId)}/${webhookId}/deliveries`, z.array(webhookDeliverySchema)),
    refetchInterval: 5_000,
  });

/** Every change of a webhook refreshes the list and its deliveries. */
function useWebhookMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}

export const useCreateWebhook = (establishmentId: string) =>
  useWebhookMutation((input: WebhookEndpointInput) => api.post(hooksPath(establishmentId), input, webhookEndpointWithSecretSchema));

export const useUpdateWebhook = (establishmentId: string, webhookId: string) =>
  useWebhookMutation((input: WebhookEndpointInput) => api.put(`${hooksPath(establishmentId)}/${webhookId}`, input, webhookEndpointSchema));

export const useDeleteWebhook = (establishmentId: string) =>
  useWebhookMutation((webhookId: string) => api.delete(`${hooksPath(establishmentId)}/${webhookId}`));

export const useRotateWebhookSecret = (establishmentId: string) =>
  useWebhookMutation((webhookId: string) =>
    api.post(`${hooksPath(establishmentId)}/${webhookId}/secret`, {}, webhookEndpointWithSecretSchema),
  );

export const useResumeWebhook = (establishmentId: string) =>
  useWebhookMutation((webhookId: string) => api.post(`${hooksPath(establishmentId)}/${webhookId}/resume`, {}, webhookEndpointSchema));

export const useResendDelivery = (establishmentId: string, webhookId: string) =>
  useWebhookMutation((deliveryId: string) =>
    api.post(`${hooksPath(establishmentId)}/${webhookId}/deliveries/${deliveryId}/resend`, {}, webhookDeliverySchema),
  );
