import { useMemo } from 'react';
import { countOf, pluralWord } from '../../../shared/plural';
import {
  type ExecuteTillImport,
  TILL_IMPORT_FIELD_LABELS,
  type TillFieldMapping,
  type TillImportField,
  type TillImportStatus,
  tillImportHistorySchema,
  tillImportPreviewSchema,
  tillImportStatusSchema,
} from '../../../shared/till-sales-import';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useWrite } from '../../lib/record-hooks';
import type { ImportSource } from '../../ui/import-wizard/import-source';

export type TillImportSource = ImportSource<TillImportField, TillImportStatus>;

const salesImports = (establishmentId: string) => `/establishments/${establishmentId}/cellar/sales-imports`;

/** "2 vendas registradas agora; 1 já estava registrada…; 1 linha com erro não entrou…". */
function completed(s: TillImportStatus): string {
  const parts = [
    s.sales_recorded === 0
      ? 'Nenhuma venda registrada agora'
      : countOf(s.sales_recorded, 'venda registrada agora', 'vendas registradas agora'),
  ];
  const before = s.sales_already_recorded;
  if (before > 0)
    parts.push(
      `${before.toLocaleString('pt-BR')} já ${pluralWord(before, 'estava registrada e não foi registrada', 'estavam registradas e não foram registradas')} de novo`,
    );
  if (s.error_count > 0) {
    const one = s.error_count === 1;
    parts.push(
      `${countOf(s.error_count, 'linha com erro', 'linhas com erro')} não ${one ? 'entrou' : 'entraram'}: baixe-${one ? 'a' : 'as'}, corrija e envie de novo`,
    );
  }
  const said = `${parts.join('; ')}.`;
  if (s.discrepancy_count === 0) return said;
  return `${said} ${countOf(s.discrepancy_count, 'linha vendeu', 'linhas venderam')} mais do que a adega tinha: ${pluralWord(s.discrepancy_count, 'ela aparece', 'elas aparecem')} na Adega da casa para recontar.`;
}

/** The till's day of sales of one establishment (issue 31): /api/establishments/{id}/cellar/sales-imports. */
export function tillImportSource(establishmentId: string): TillImportSource {
  const base = salesImports(establishmentId);
  return {
    paths: {
      upload: base,
      preview: (id) => `${base}/${id}/preview`,
      status: (id) => `${base}/${id}`,
      details: (id) => `${base}/${id}`,
      history: (page, limit) => `${base}?page=${page}&limit=${limit}`,
      retry: (id) => `${base}/${id}/retry`,
      remove: (id) => `${base}/${id}`,
      failedRows: (id) => `${base}/${id}/failed-rows`,
    },
    keys: {
      all: queryKeys.tillImports.all,
      preview: queryKeys.tillImports.preview,
      status: queryKeys.tillImports.status,
      details: queryKeys.tillImports.details,
      history: queryKeys.tillImports.history(establishmentId),
      historyPage: (page) => queryKeys.tillImports.historyPage(establishmentId, page),
    },
    schemas: { preview: tillImportPreviewSchema, status: tillImportStatusSchema, history: tillImportHistorySchema },
    texts: {
      rows: ['linha de venda', 'linhas de vendas'],
      success: 'Registradas',
      skipped: 'Já registradas',
      completed,
      remembered: 'Usamos as colunas da última importação deste estabelecimento',
      warnings: 'Vendas acima do estoque',
      deleteQuestion: (fileName) =>
        `Tem certeza que deseja excluir a importação de ${fileName}? O registro e o arquivo enviado são apagados; as vendas registradas continuam na adega.`,
      fieldLabels: TILL_IMPORT_FIELD_LABELS,
    },
    // The sales recorded move the cellar's counts.
    changes: queryKeys.cellar.all,
  };
}

export const useTillImportSource = (establishmentId: string) => useMemo(() => tillImportSource(establishmentId), [establishmentId]);

export const useExecuteTillImport = (establishmentId: string) =>
  useWrite(queryKeys.tillImports.history(establishmentId), ({ importId, mapping }: { importId: string; mapping: TillFieldMapping }) =>
    api.post(
      `${salesImports(establishmentId)}/${importId}/execute`,
      { field_mapping: mapping } satisfies ExecuteTillImport,
      tillImportStatusSchema,
    ),
  );
