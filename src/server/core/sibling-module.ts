/**
 * A module beside the caller's, to run in a worker thread or a child process: the compiled .js when the app is built,
 * the TypeScript source when the caller itself runs from sources (tests and the bench, through tsx).
 */
export function siblingModule(callerUrl: string, name: string): { url: URL; fromSources: boolean } {
  const fromSources = callerUrl.endsWith('.ts');
  return { url: new URL(`./${name}.${fromSources ? 'ts' : 'js'}`, callerUrl), fromSources };
}
