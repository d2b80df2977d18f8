import type { ChildProcess } from 'node:child_process';

export interface Started {
  child: ChildProcess;
  [field: string]: unknown;
}
export interface RawResponse {
  status: number | undefined;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}
export declare function childProcesses(
  cwd: string,
  env: NodeJS.ProcessEnv,
): { children: ChildProcess[]; start(args: string[], label: string): Promise<Started> };
export declare const stop: (child: ChildProcess) => Promise<void>;
export declare const getRaw: (url: string, headers?: Record<string, string>) => Promise<RawResponse>;
export declare function startBareReplay(
  start: (args: string[], label: string) => Promise<Started>,
  response: RawResponse,
): Promise<Started & { port: number; removeFiles(): void }>;
