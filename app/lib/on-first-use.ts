/**
 * A value made on its first use. For Intl formatters and collators: making one takes
 * milliseconds of a page's start-up in the browser, and most pages never need one.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
