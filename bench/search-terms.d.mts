export declare const SEARCH_TERMS: string[];
