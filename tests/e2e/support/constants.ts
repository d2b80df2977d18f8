export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_ADMIN = { email: 'admin@adega.test', password: 'senha-do-admin-123' };
