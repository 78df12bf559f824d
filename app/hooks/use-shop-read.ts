import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

import { isShopReadPending, SHOP_READ_POLL_MS, type ShopReadView } from "~/lib/shop-reads";

/**
 * Follows a background read of a shop an admin asked for (a selector test): asks for it
 * every second while it is queued or running, then stops. Null until the first answer.
 */
export function useShopRead(readId: string | null): {
  read: ShopReadView | null;
  pending: boolean;
} {
  const poll = useFetcher<ShopReadView>();
  const load = useRef(poll.load);
  load.current = poll.load;
  const read = poll.data && poll.data.id === readId ? poll.data : null;
  const pending = readId !== null && (read === null || isShopReadPending(read));

  useEffect(() => {
    if (!readId || !pending) return;
    const refresh = () => void load.current(`/admin/shop-reads/${readId}`);
    refresh();
    const timer = setInterval(refresh, SHOP_READ_POLL_MS);
    return () => clearInterval(timer);
  }, [readId, pending]);

  return { read, pending };
}
