import { useRouteLoaderData } from "react-router";

import type { loader as rootLoader } from "~/root";

/**
 * The root loader's data (signed-in user, saved offers, display currency, shell content) for
 * any component, so none imports root.tsx itself. Undefined while the root's error boundary
 * stands in for a failed root loader.
 */
export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>("root");
}
