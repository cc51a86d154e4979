import { useCallback, useEffect, useMemo, useRef } from 'react';

/** `call`, which calls `fn` once `delayMs` after its last call (seed 000 s9 pauses:
 *  search box 300 ms, sliders 400 ms), and `cancel`, which drops a pending call; the
 *  same object on every render. A pending call is dropped when the component goes away. */
export function useDebounced<A extends unknown[]>(fn: (...args: A) => void, delayMs: number) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(fn);
  latest.current = fn;
  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  const call = useCallback(
    (...args: A) => {
      cancel();
      timer.current = setTimeout(() => {
        timer.current = null;
        latest.current(...args);
      }, delayMs);
    },
    [cancel, delayMs],
  );
  useEffect(() => cancel, [cancel]);
  // One object for the component's life, so effects can depend on it.
  return useMemo(() => ({ call, cancel }), [call, cancel]);
}
