import { useQuery } from '@tanstack/react-query';
import { type AuditRecordKind, auditEntrySchema, auditPersonSchema } from '../../shared/audit';
import { api } from './api';
import { queryKeys } from './query-keys';
import { listFromHeader, usePageList } from './use-page-list';

export const AUDIT_PAGE_SIZE = 25;
/** A record's history shows its latest changes; /auditoria has them all. */
export const RECORD_HISTORY_LIMIT = 20;

/** /auditoria's page of entries for these filters (actor_id, record_kind, action, from, to). */
export function useAuditList(filters: Record<string, string>, page: number) {
  return usePageList(
    queryKeys.audit.list(filters, page),
    () => {
      const params = new URLSearchParams({ ...filters, limit: String(AUDIT_PAGE_SIZE), page: String(page) });
      return listFromHeader(`/audit?${params}`, auditEntrySchema, AUDIT_PAGE_SIZE);
    },
    // The trail grows with every write anywhere: always read afresh.
    { staleTime: 0, refetchOnMount: 'always' },
  );
}

/** One record's latest entries (the "Histórico de alterações" panel). */
export function useRecordHistory(kind: AuditRecordKind, id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.audit.record(kind, id ?? ''),
    queryFn: async () => {
      const params = new URLSearchParams({ record_kind: kind, record_id: id ?? '', limit: String(RECORD_HISTORY_LIMIT) });
      return api.list(`/audit?${params}`, auditEntrySchema.array());
    },
    enabled: enabled && Boolean(id),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** The people the person filter offers. */
export const useAuditPeople = () =>
  useQuery({ queryKey: queryKeys.audit.people(), queryFn: () => api.get('/audit/people', auditPersonSchema.array()) });
