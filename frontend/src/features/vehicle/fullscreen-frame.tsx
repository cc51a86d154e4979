import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** Whether this browser can show `el` fullscreen (the Fullscreen API, e.g. not on an
 *  iPhone, or where a frame's permissions policy forbids it). */
function canFullscreen(el: HTMLElement | null): boolean {
  return (
    el !== null && typeof el.requestFullscreen === 'function' && document.fullscreenEnabled === true
  );
}

/** A viewer stage (the 360 spin, the interior) that can go fullscreen with everything in
 *  it, so the frame, the hotspots and the controls carry on where they were. The
 *  View fullscreen button appears only after hydration and only where the browser can do
 *  it; it sits over the stage, so it shifts nothing. The same button, or Escape, exits,
 *  and focus returns to it. */
export function FullscreenFrame({ children }: { children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const wasActive = useRef(false);
  const [supported, setSupported] = useState(false);
  const [active, setActive] = useState(false);

  useEffect(() => {
    // The frame as mounted: the cleanup compares against it, not whatever the ref holds then.
    const mounted = frame.current;
    setSupported(canFullscreen(mounted));
    const onChange = () => {
      const now = frame.current !== null && document.fullscreenElement === frame.current;
      if (wasActive.current && !now) button.current?.focus();
      wasActive.current = now;
      setActive(now);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      if (wasActive.current && mounted !== null && document.fullscreenElement === mounted)
        void exit();
    };
  }, []);

  const toggle = () => {
    const el = frame.current;
    if (!el) return;
    if (active) void exit();
    else void Promise.resolve(el.requestFullscreen()).catch(() => undefined);
  };
  // Browsers exit on Escape themselves; this covers the ones that hand the key to the
  // page (and keeps the behaviour the same under test).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && active && !event.defaultPrevented) {
      event.preventDefault();
      void exit();
    }
  };
  return (
    <div
      ref={frame}
      className={active ? 'viewer__frame viewer__frame--fullscreen' : 'viewer__frame'}
      onKeyDown={onKeyDown}
    >
      {children}
      {supported ? (
        <button
          ref={button}
          type="button"
          className="viewer__fullscreen button button--small"
          onClick={toggle}
        >
          {active ? 'Exit fullscreen' : 'View fullscreen'}
        </button>
      ) : null}
    </div>
  );
}

function exit(): Promise<void> {
  return typeof document.exitFullscreen === 'function'
    ? Promise.resolve(document.exitFullscreen()).catch(() => undefined)
    : Promise.resolve();
}
