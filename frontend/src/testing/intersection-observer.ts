// A hand-driven IntersectionObserver for tests: jsdom has none.
import { vi } from 'vitest';

/** Every observer made since install, to fire by hand. */
export const observers: FakeObserver[] = [];

class FakeObserver {
  readonly targets: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    observers.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  /** Reports every target as (not) intersecting. */
  fire(isIntersecting: boolean) {
    if (this.disconnected) return;
    const entries = this.targets.map(
      (target) => ({ target, isIntersecting }) as unknown as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

/** Installs the fake as the global IntersectionObserver. */
export function installObserver() {
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
}
