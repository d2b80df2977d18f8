/** The columns of scripts/import-fixtures.mjs's large workbook, as the import's field mapping (the benches' own). */
export const LARGE_WORKBOOK_MAPPING = {
  name: 'Nome do Produto',
  category: 'Categoria',
  supplier: 'Fornecedor',
  price: 'Preço',
  description: 'Descrição',
  sku: 'Código',
  stock_quantity: 'Estoque',
  unit: 'Unidade',
  brand: 'Marca',
  origin: 'País de Origem',
};
