import { useMutation } from '@tanstack/react-query';
import {
  type ExecuteImport,
  importHistorySchema,
  importStatusSchema,
  previewSchema,
  uploadResponseSchema,
} from '../../../shared/product-import';
import { api, apiGetBlob } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useDeleteRecord, useRecord, useWrite } from '../../lib/record-hooks';
import { listFromBody, usePageList } from '../../lib/use-page-list';

/** SPEC §9: progress is polled every 2 seconds until the import is completed or failed. */
export const POLL_MS = 2000;
export const HISTORY_PAGE_SIZE = 10;

export function useUploadImport() {
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return (await api.post('/product-import/upload', body, uploadResponseSchema)).import_id;
    },
  });
}

export const useImportPreview = (id: string | null) =>
  useRecord('/product-import/preview', id, previewSchema, queryKeys.imports.preview, { staleTime: Number.POSITIVE_INFINITY });

export const useExecuteImport = () =>
  useWrite(queryKeys.imports.history(), (body: ExecuteImport) => api.post('/product-import/execute', body, importStatusSchema));

/** The import's status, polled while it runs; a failed poll stops polling (the screen says so). */
export const useImportStatus = (id: string | null) =>
  useRecord('/product-import/status', id, importStatusSchema, queryKeys.imports.status, {
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (query.state.status === 'error' || status === 'completed' || status === 'failed') return false;
      return POLL_MS;
    },
  });

export const useImportHistory = (page: number) =>
  usePageList(
    queryKeys.imports.historyPage(page),
    () => listFromBody(`/product-import/history?page=${page}&limit=${HISTORY_PAGE_SIZE}`, importHistorySchema, (body) => body.imports),
    {
      // Imports in progress move on their own: the list follows them.
      refetchInterval: (query) =>
        query.state.data?.items.some((i) => i.status === 'pending' || i.status === 'processing') ? POLL_MS : false,
    },
  );

export const useImportDetails = (id: string | null) =>
  useRecord('/product-import/details', id, importStatusSchema, queryKeys.imports.details);

export const useRetryImport = () =>
  useWrite(queryKeys.imports.all, (id: string) => api.post(`/product-import/retry/${id}`, undefined, importStatusSchema));

export const useDeleteImport = () => useDeleteRecord('/product-import', queryKeys.imports.all);

/** Downloads the .xlsx of the rows that did not go in. */
export async function downloadFailedRows(id: string, fileName: string): Promise<void> {
  const blob = await apiGetBlob(`/product-import/${id}/failed-rows`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `linhas-com-erro-${fileName.replace(/\.[^.]+$/, '')}.xlsx`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
