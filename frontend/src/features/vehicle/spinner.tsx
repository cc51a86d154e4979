import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import type { HotspotView } from '../../types/generated/HotspotView';
import { HotspotLayer } from './hotspots';

/** The frame shown after dragging `dx` px from `start` (one frame per `sensitivity` px). */
export function dragFrame(start: number, dx: number, sensitivity: number, count: number): number {
  if (count === 0) return 0;
  const moved = Math.trunc(dx / Math.max(1, sensitivity));
  return (((start - moved) % count) + count) % count;
}

/** The 360-degree spin (seed 000 s4/s9): auto-rotates every `intervalMs` (100 ms by
 *  default) until the shopper drags (one frame per `sensitivity` px, 20 by default),
 *  uses the arrow keys, presses Pause or uses a hotspot. It starts still on the server
 *  and for shoppers who ask for reduced motion. The hotspots of the frame shown sit over
 *  the stage (beside the slider, not in it, so dragging and clicking stay apart). */
export function Spinner({
  images,
  intervalMs,
  sensitivity,
  name,
  hotspots = [],
}: {
  images: string[];
  intervalMs: number;
  sensitivity: number;
  name: string;
  hotspots?: HotspotView[];
}) {
  const [frame, setFrame] = useState(0);
  const [playing, setPlaying] = useState(false);
  const drag = useRef<{ x: number; frame: number } | null>(null);
  const count = images.length;

  useEffect(() => {
    const reduced =
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!reduced && count > 1) setPlaying(true);
  }, [count]);
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setFrame((f) => (f + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [playing, intervalMs, count]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    setPlaying(false);
    drag.current = { x: event.clientX, frame };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setFrame(dragFrame(drag.current.frame, event.clientX - drag.current.x, sensitivity, count));
  };
  const stop = useCallback(() => setPlaying(false), []);
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? -1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    setPlaying(false);
    setFrame((f) => (f + step + count) % count);
  };

  return (
    <div className="spinner">
      <div className="spinner__frame">
        <div
          className="spinner__stage"
          role="slider"
          tabIndex={0}
          aria-label={`${name}, 360-degree view: drag or use the arrow keys to turn`}
          aria-valuemin={1}
          aria-valuemax={count}
          aria-valuenow={frame + 1}
          aria-valuetext={`Angle ${frame + 1} of ${count}`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
        >
          {images.map((src, i) => (
            <img
              key={`${i}-${src}`}
              src={src}
              alt=""
              width={1024}
              height={768}
              draggable={false}
              hidden={i !== frame}
            />
          ))}
        </div>
        <HotspotLayer
          hotspots={hotspots}
          frame={frame}
          label={`${name}, features at this angle`}
          onUse={stop}
        />
      </div>
      {count > 1 ? (
        <button
          type="button"
          className="spinner__play button button--small button--secondary"
          onClick={() => setPlaying((p) => !p)}
        >
          {playing ? 'Pause rotation' : 'Rotate'}
        </button>
      ) : null}
    </div>
  );
}
