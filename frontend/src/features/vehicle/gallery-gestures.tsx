// Touch for the gallery, on pointer events alone (touch, pen and mouse alike): a
// horizontal swipe turns the page, and in the fullscreen viewer two fingers pinch the
// photo, a double tap zooms in where it lands (and out again), and one finger pans a
// zoomed photo.
import { useRef, type PointerEvent, type ReactNode } from 'react';

/** How far a finger travels sideways, in CSS px, before a move is a swipe. */
const SWIPE_PX = 40;
/** The most a photo is magnified. */
export const MAX_ZOOM = 4;
/** The magnification of a double tap and of the Zoom in button. */
export const TAP_ZOOM = 2.5;
/** Two taps closer than this (ms, CSS px) are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 30;
/** A finger that moves less than this is still a tap. */
const TAP_SLOP_PX = 10;

/** How a photo is drawn in the fullscreen stage: magnified `scale` times about the
 *  stage's centre, then moved by `x`, `y` CSS px. */
export interface ZoomView {
  scale: number;
  x: number;
  y: number;
}

export const UNZOOMED: ZoomView = { scale: 1, x: 0, y: 0 };

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** The page a swipe of (dx, dy) turns to: +1 (swiped left, the next photo), -1, or 0 when
 *  the move is short or mostly vertical (the shopper is scrolling). */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return 0;
  return dx < 0 ? 1 : -1;
}

/** `view` kept inside the stage (`width` by `height`): the scale between 1 and
 *  MAX_ZOOM, and no edge of the magnified photo pulled inside the stage. */
export function clampZoom(view: ZoomView, width: number, height: number): ZoomView {
  const scale = clamp(view.scale, 1, MAX_ZOOM);
  const maxX = ((scale - 1) * width) / 2;
  const maxY = ((scale - 1) * height) / 2;
  return { scale, x: clamp(view.x, -maxX, maxX), y: clamp(view.y, -maxY, maxY) };
}

/** `view` magnified to `scale` so the point at (fx, fy), relative to the stage's centre,
 *  stays under the finger. */
export function zoomAt(view: ZoomView, scale: number, fx: number, fy: number): ZoomView {
  const k = scale / view.scale;
  return { scale, x: fx - (fx - view.x) * k, y: fy - (fy - view.y) * k };
}

/** Pointer handlers that call `onStep(±1)` for a horizontal swipe by touch or pen. A
 *  swipe that starts on a button or a video is theirs (a video's scrubber moves
 *  sideways); a second finger is a pinch of the page, not a swipe. */
export function useSwipe(onStep: (delta: number) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (start.current) {
        start.current = null;
        return;
      }
      if (event.pointerType === 'mouse') return;
      if (event.target instanceof Element && event.target.closest('button, video, a')) return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const from = start.current;
      if (!from || from.id !== event.pointerId) return;
      start.current = null;
      const step = swipeStep(event.clientX - from.x, event.clientY - from.y);
      if (step !== 0) onStep(step);
    },
    // The browser took the gesture (a vertical scroll): not a swipe.
    onPointerCancel() {
      start.current = null;
    },
  };
}

type Gesture =
  | { kind: 'one'; id: number; x: number; y: number; view: ZoomView; moved: boolean }
  | { kind: 'pinch'; distance: number; mx: number; my: number; view: ZoomView };

interface StageProps {
  view: ZoomView;
  onZoom: (view: ZoomView) => void;
  onStep: (delta: number) => void;
  /** Whether a gesture is under way (the photo follows the fingers without easing). */
  onActive?: (active: boolean) => void;
  children: ReactNode;
}

/** The fullscreen stage of a photo: pinch, double tap, pan when zoomed, swipe when not. */
export function ZoomStage({ view, onZoom, onStep, onActive, children }: StageProps) {
  const stage = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ t: number; x: number; y: number } | null>(null);
  // The handlers read the view as it is now, not as it was when they were made.
  const current = useRef(view);
  current.current = view;

  const box = () => {
    const rect = stage.current?.getBoundingClientRect();
    return rect
      ? {
          cx: rect.left + rect.width / 2,
          cy: rect.top + rect.height / 2,
          w: rect.width,
          h: rect.height,
        }
      : { cx: 0, cy: 0, w: 0, h: 0 };
  };
  const set = (next: ZoomView) => {
    const { w, h } = box();
    onZoom(clampZoom(next, w, h));
  };
  const startPinch = () => {
    const [a, b] = [...pointers.current.values()];
    if (!a || !b) return;
    const { cx, cy } = box();
    gesture.current = {
      kind: 'pinch',
      distance: Math.max(Math.hypot(a.x - b.x, a.y - b.y), 1),
      mx: (a.x + b.x) / 2 - cx,
      my: (a.y + b.y) / 2 - cy,
      view: current.current,
    };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    onActive?.(true);
    if (pointers.current.size === 1) {
      gesture.current = {
        kind: 'one',
        id: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        view: current.current,
        moved: false,
      };
    } else if (pointers.current.size === 2) {
      lastTap.current = null;
      startPinch();
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const g = gesture.current;
    if (!g) return;
    if (g.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const { cx, cy } = box();
      const scale = clamp(
        (g.view.scale * Math.hypot(a.x - b.x, a.y - b.y)) / g.distance,
        1,
        MAX_ZOOM,
      );
      // The point of the photo first under the fingers' midpoint follows the midpoint.
      const pinned = zoomAt(g.view, scale, g.mx, g.my);
      set({
        scale,
        x: pinned.x + (a.x + b.x) / 2 - cx - g.mx,
        y: pinned.y + (a.y + b.y) / 2 - cy - g.my,
      });
      return;
    }
    if (g.id !== event.pointerId) return;
    const dx = event.clientX - g.x;
    const dy = event.clientY - g.y;
    if (Math.hypot(dx, dy) > TAP_SLOP_PX) g.moved = true;
    if (g.view.scale > 1) set({ ...g.view, x: g.view.x + dx, y: g.view.y + dy });
  };

  const end = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const g = gesture.current;
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: the other pans on from where it is.
      const [id, at] = [...pointers.current.entries()][0] ?? [];
      if (pointers.current.size === 1 && id !== undefined && at) {
        gesture.current = { kind: 'one', id, x: at.x, y: at.y, view: current.current, moved: true };
      } else if (pointers.current.size >= 2) startPinch();
      return;
    }
    gesture.current = null;
    onActive?.(false);
    if (cancelled || !g || g.kind !== 'one' || g.id !== event.pointerId) return;
    if (g.moved) {
      lastTap.current = null;
      if (g.view.scale === 1) {
        const step = swipeStep(event.clientX - g.x, event.clientY - g.y);
        if (step !== 0) onStep(step);
      }
      return;
    }
    const tap = { t: event.timeStamp, x: event.clientX, y: event.clientY };
    const before = lastTap.current;
    if (
      before &&
      tap.t - before.t <= DOUBLE_TAP_MS &&
      Math.hypot(tap.x - before.x, tap.y - before.y) <= DOUBLE_TAP_PX
    ) {
      lastTap.current = null;
      const { cx, cy } = box();
      const now = current.current;
      set(now.scale > 1 ? UNZOOMED : zoomAt(now, TAP_ZOOM, tap.x - cx, tap.y - cy));
    } else {
      lastTap.current = tap;
    }
  };

  return (
    <div
      ref={stage}
      className="gallery__zoom"
      data-zoomed={view.scale > 1 ? 'true' : 'false'}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => end(event, false)}
      onPointerCancel={(event) => end(event, true)}
      onDragStart={(event) => event.preventDefault()}
    >
      <div
        className="gallery__zoom-photo"
        style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
      >
        {children}
      </div>
    </div>
  );
}
