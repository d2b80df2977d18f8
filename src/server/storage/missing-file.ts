/** For fs promise rejections: a file that does not exist yields the fallback; any other error is rethrown. */
export function ignoreMissing<T>(fallback: T) {
  return (err: NodeJS.ErrnoException): T => {
    if (err.code === 'ENOENT') return fallback;
    throw err;
  };
}
