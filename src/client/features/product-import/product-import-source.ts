import {
  type ExecuteImport,
  IMPORT_FIELD_LABELS,
  type ImportField,
  importHistorySchema,
  importStatusSchema,
  previewSchema,
} from '../../../shared/product-import';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useWrite } from '../../lib/record-hooks';
import type { ImportSource } from '../../ui/import-wizard/import-source';

/** A supplier's price list (SPEC §4, §5, §7): /api/product-import. */
export const productImport: ImportSource<ImportField> = {
  paths: {
    upload: '/product-import/upload',
    preview: (id) => `/product-import/preview/${id}`,
    status: (id) => `/product-import/status/${id}`,
    details: (id) => `/product-import/details/${id}`,
    history: (page, limit) => `/product-import/history?page=${page}&limit=${limit}`,
    retry: (id) => `/product-import/retry/${id}`,
    remove: (id) => `/product-import/${id}`,
    failedRows: (id) => `/product-import/${id}/failed-rows`,
  },
  keys: {
    all: queryKeys.imports.all,
    preview: queryKeys.imports.preview,
    status: queryKeys.imports.status,
    details: queryKeys.imports.details,
    history: queryKeys.imports.history(),
    historyPage: queryKeys.imports.historyPage,
  },
  schemas: { preview: previewSchema, status: importStatusSchema, history: importHistorySchema },
  texts: {
    rows: ['linha de produto', 'linhas de produtos'],
    success: 'Importadas',
    skipped: 'Ignoradas',
    completed: (s) =>
      `${s.success_count} produto(s) importado(s)${s.error_count > 0 ? `; ${s.error_count} linha(s) com erro não entraram. Baixe-as, corrija e envie de novo.` : ''}`,
    warnings: 'Avisos',
    deleteQuestion: (fileName) =>
      `Tem certeza que deseja excluir a importação de ${fileName}? O registro e o arquivo enviado são apagados; os produtos importados continuam cadastrados.`,
    fieldLabels: IMPORT_FIELD_LABELS,
  },
  historyPath: '/produtos/historico',
};

export const useExecuteImport = () =>
  useWrite(productImport.keys.history, (body: ExecuteImport) => api.post('/product-import/execute', body, importStatusSchema));
