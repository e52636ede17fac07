/**
 * Imported first by the service worker entry, before MSW: MSW's cookie store is created when its module loads
 * and, outside Node, insists on `localStorage`, which a service worker does not have. The demo sets no cookies;
 * an in-memory Storage is all the store needs.
 */
class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  clear(): void {
    this.#items.clear();
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }
}

const scope = globalThis as { localStorage?: Storage };
if (scope.localStorage === undefined) scope.localStorage = new MemoryStorage();

export {};
