import { useMutation, useQuery } from '@tanstack/react-query';
import { uploadResponseSchema } from '../../../shared/product-import';
import { api, apiGetBlob } from '../../lib/api';
import { downloadBlob } from '../../lib/files';
import { useWrite } from '../../lib/record-hooks';
import { listFromBody, usePageList } from '../../lib/use-page-list';
import type { ImportSource, ImportStatusShape } from './import-source';

/** SPEC §9: progress is polled every 2 seconds until the import is completed or failed. */
export const POLL_MS = 2000;
export const HISTORY_PAGE_SIZE = 10;

const finished = (status: ImportStatusShape<string>['status'] | undefined) => status === 'completed' || status === 'failed';

export function useUploadImport<F extends string>(source: ImportSource<F>) {
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return (await api.post(source.paths.upload, body, uploadResponseSchema)).import_id;
    },
  });
}

export const useImportPreview = <F extends string>(source: ImportSource<F>, id: string) =>
  useQuery({
    queryKey: source.keys.preview(id),
    queryFn: () => api.get(source.paths.preview(id), source.schemas.preview),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The import's status, polled while it runs; a failed poll stops polling (the screen says so). */
export const useImportStatus = <F extends string>(source: ImportSource<F>, id: string) =>
  useQuery({
    queryKey: source.keys.status(id),
    queryFn: () => api.get(source.paths.status(id), source.schemas.status),
    retry: false,
    refetchInterval: (query) => (query.state.status === 'error' || finished(query.state.data?.status) ? false : POLL_MS),
  });

export const useImportHistory = <F extends string>(source: ImportSource<F>, page: number) =>
  usePageList(
    source.keys.historyPage(page),
    () => listFromBody(source.paths.history(page, HISTORY_PAGE_SIZE), source.schemas.history, (body) => body.imports),
    {
      // Imports in progress move on their own: the list follows them.
      refetchInterval: (query) => (query.state.data?.items.some((i) => !finished(i.status)) ? POLL_MS : false),
    },
  );

export const useImportDetails = <F extends string>(source: ImportSource<F>, id: string | null) =>
  useQuery({
    queryKey: source.keys.details(id ?? ''),
    queryFn: () => api.get(source.paths.details(id ?? ''), source.schemas.status),
    enabled: Boolean(id),
    retry: false,
  });

export const useRetryImport = <F extends string>(source: ImportSource<F>) =>
  useWrite(source.keys.all, (id: string) => api.post(source.paths.retry(id), undefined, source.schemas.status));

export const useDeleteImport = <F extends string>(source: ImportSource<F>) =>
  useWrite(source.keys.all, (id: string) => api.delete(source.paths.remove(id)));

/** Downloads the .xlsx of the rows that did not go in. */
export async function downloadFailedRows<F extends string>(source: ImportSource<F>, id: string, fileName: string): Promise<void> {
  const blob = await apiGetBlob(source.paths.failedRows(id));
  downloadBlob(blob, `linhas-com-erro-${fileName.replace(/\.[^.]+$/, '')}.xlsx`);
}
