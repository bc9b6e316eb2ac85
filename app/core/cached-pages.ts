/**
 * The full-page cache as the domains see it: forget the cached copies of some pages (a deleted
 * person's reviews must vanish at once). The server binds the real cache once it is open; before
 * that, and in development, there is nothing to forget.
 */
export interface CachedPages {
  forget(paths: readonly string[]): Promise<void>;
}

export function lateBoundPages(): CachedPages & { bind(target: CachedPages): void } {
  let target: CachedPages | undefined;
  return {
    bind: (bound) => {
      target = bound;
    },
    forget: (paths) => target?.forget(paths) ?? Promise.resolve(),
  };
}
