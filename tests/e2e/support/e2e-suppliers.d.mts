export declare const E2E_SUPPLIERS: { id: string; name: string; company_name: string; email: string }[];
