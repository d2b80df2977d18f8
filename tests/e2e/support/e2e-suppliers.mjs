/** Suppliers present in every e2e run's database (seed-suppliers.mjs), with fixed ids. */
export const E2E_SUPPLIERS = [
  {
    id: '0e2e0000-0000-4000-8000-000000000001',
    name: 'Marina Costa',
    company_name: 'Distribuidora Serra Gaúcha',
    email: 'serra@adega.test',
  },
  { id: '0e2e0000-0000-4000-8000-000000000002', name: 'Paulo Reis', company_name: 'Importadora Atlântico', email: 'atlantico@adega.test' },
];
