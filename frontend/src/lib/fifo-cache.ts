// A first-in first-out cache of a configured size: when full, the oldest entry is dropped
// (seed 000 s4 search cache; seed 000 s9 "offers and catalogue caches hold 10").

/** Entries by key, the oldest dropped beyond `size` (0 caches nothing). */
export class FifoCache<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly size: number) {}

  get(key: string): T | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: T): void {
    if (this.size <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.size) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get length(): number {
    return this.entries.size;
  }
}
