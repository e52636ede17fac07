import { useMemo, useSyncExternalStore } from 'react';
import {
  CART_STORAGE_KEY,
  EMPTY_CART,
  parseStoredCheckout,
  serializeCheckout,
  type CheckoutCart,
  type PlacedOrder,
  type StoredCheckout,
} from './cart';

/**
 * The stored checkout of one account as an external store (React's `useSyncExternalStore`): every change is
 * written to localStorage at once, and a change made in another tab (the `storage` event) is read back, so all
 * tabs show the same cart. Without storage (blocked by privacy settings, quota) the cart still works in memory.
 */
export interface CartStore {
  getSnapshot(): StoredCheckout;
  subscribe(listener: () => void): () => void;
  /**
   * Applies `updater` to the freshest cart (read again from the storage first: another tab may have changed it)
   * and returns the cart as it is now.
   */
  update(updater: (cart: CheckoutCart) => CheckoutCart): CheckoutCart;
  /** The order was placed: the cart and its key are cleared, and the order is noted for the other tabs. */
  markPlaced(placed: PlacedOrder): void;
  /** Reads the storage again now (another tab may have written without this one hearing of it yet). */
  refresh(): StoredCheckout;
}

function emptyFor(owner: string): StoredCheckout {
  return { owner, cart: EMPTY_CART, placed: null };
}

export function createCartStore(storage: Storage | null, owner: string, target: Pick<Window, 'addEventListener' | 'removeEventListener'> | null): CartStore {
  const listeners = new Set<() => void>();
  let lastRaw: string | null = null;

  const readStorage = (): StoredCheckout | null => {
    if (!storage) return null;
    try {
      const raw = storage.getItem(CART_STORAGE_KEY);
      lastRaw = raw;
      return parseStoredCheckout(raw, owner);
    } catch {
      return null;
    }
  };

  let current: StoredCheckout = readStorage() ?? emptyFor(owner);

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  const write = (next: StoredCheckout) => {
    current = next;
    if (storage) {
      try {
        const raw = serializeCheckout(next);
        storage.setItem(CART_STORAGE_KEY, raw);
        lastRaw = raw;
      } catch {
        // Quota or privacy settings: the cart goes on in memory for this tab.
      }
    }
    notify();
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== CART_STORAGE_KEY) return;
    if (event.key !== null && event.newValue === lastRaw) return;
    current = readStorage() ?? emptyFor(owner);
    notify();
  };

  return {
    getSnapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) target?.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) target?.removeEventListener('storage', onStorage);
      };
    },
    update(updater) {
      const fresh = readStorage();
      const base = fresh ?? current;
      const cart = updater(base.cart);
      if (cart === base.cart) {
        if (fresh && serializeCheckout(fresh) !== serializeCheckout(current)) {
          current = fresh;
          notify();
        }
        return current.cart;
      }
      write({ ...base, cart });
      return cart;
    },
    markPlaced(placed) {
      write({ owner, cart: EMPTY_CART, placed });
    },
    refresh() {
      const fresh = readStorage();
      if (fresh && serializeCheckout(fresh) !== serializeCheckout(current)) {
        current = fresh;
        notify();
      }
      return current;
    },
  };
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The signed-in account's cart (`owner`: its uid), shared with the other tabs. */
export function useCheckoutCart(owner: string) {
  const store = useMemo(() => createCartStore(browserStorage(), owner, typeof window === 'undefined' ? null : window), [owner]);
  const stored = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { cart: stored.cart, placed: stored.placed, update: store.update, markPlaced: store.markPlaced, refresh: store.refresh };
}
