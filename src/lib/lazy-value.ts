/**
 * A value built on first use and kept. For module-level objects that are costly to build and not needed by the
 * first paint (an `Intl` formatter loads its locale data when constructed): building them while the module is
 * evaluated would delay every page that merely imports the module.
 */
export function lazyValue<T>(build: () => T): () => T {
  let built = false;
  let value: T;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value;
  };
}
