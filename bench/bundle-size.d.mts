export declare const LOGIN_JS_BUDGET_BYTES: number;
export declare const LOGIN_JS_TARGET_BYTES: number;
export declare function initialJavaScript(distDir: string): {
  files: { file: string; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
  bytes: number;
};
