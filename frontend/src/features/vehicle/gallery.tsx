import { useEffect, useRef, useState, type MouseEvent, type Ref } from 'react';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { ModalDialog } from '../../components/modal-dialog';
import { Photo } from '../../components/photo';
import type { GalleryImage } from '../../types/generated/GalleryImage';
import type { GalleryVideo } from '../../types/generated/GalleryVideo';
import { TAP_ZOOM, UNZOOMED, useSwipe, ZoomStage, type ZoomView } from './gallery-gestures';

/** One item of the gallery: a photo, or the stock video. */
type GalleryItem = { kind: 'image'; image: GalleryImage } | { kind: 'video'; video: GalleryVideo };

/** The gallery's items: the photos with the stock video at its index (seed 000 s9:
 *  start, second, middle or end, worked out from the dealer's setting on the Rust side),
 *  after the last photo when the index is past them. */
export function galleryItems(
  images: GalleryImage[],
  video: GalleryVideo | null | undefined,
): GalleryItem[] {
  const items: GalleryItem[] = images.map((image) => ({ kind: 'image', image }));
  if (video)
    items.splice(Math.min(Math.max(video.index, 0), items.length), 0, { kind: 'video', video });
  return items;
}

function itemName(item: GalleryItem): string {
  return item.kind === 'image' ? item.image.alt : item.video.title;
}

/** The stock video: it loads nothing until played (poster only). */
function StockVideo({
  video,
  videoRef,
}: {
  video: GalleryVideo;
  videoRef?: Ref<HTMLVideoElement>;
}) {
  return (
    <video
      ref={videoRef}
      controls
      playsInline
      preload="none"
      src={video.url}
      poster={video.poster ?? undefined}
      aria-label={video.title}
    />
  );
}

/** Whether the shopper asked for less motion. */
function reducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** The thumbnail strip: a button an item, the current one marked. In the fullscreen
 *  viewer the current thumbnail is scrolled into sight as the shopper pages. */
function Thumbs({
  items,
  index,
  label,
  onPick,
  follow = false,
}: {
  items: GalleryItem[];
  index: number;
  label: string;
  onPick: (i: number) => void;
  follow?: boolean;
}) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!follow) return;
    const button = list.current?.querySelectorAll('button')[index];
    if (button && typeof button.scrollIntoView === 'function')
      button.scrollIntoView({
        block: 'nearest',
        inline: 'center',
        behavior: reducedMotion() ? 'auto' : 'smooth',
      });
  }, [follow, index]);
  return (
    <ul ref={list} className="gallery__thumbs" aria-label={label}>
      {items.map((item, i) => {
        const thumb = item.kind === 'image' ? item.image.thumb : item.video.poster;
        return (
          <li key={`${i}-${item.kind === 'image' ? item.image.url : item.video.url}`}>
            <button
              type="button"
              className={
                item.kind === 'video' ? 'gallery__thumb gallery__thumb--video' : 'gallery__thumb'
              }
              aria-label={`Show ${itemName(item)}`}
              aria-current={i === index}
              onClick={() => onPick(i)}
            >
              {thumb ? (
                <Photo
                  url={thumb}
                  srcset={item.kind === 'image' ? item.image.thumb_srcset : null}
                  alt=""
                  layout="vehicle_thumb"
                />
              ) : (
                <span className="gallery__thumb-blank" />
              )}
              {item.kind === 'video' ? (
                <span className="gallery__thumb-play" aria-hidden="true">
                  ▶
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The previous and next buttons over a stage. */
function PageButtons({ onStep }: { onStep: (delta: number) => void }) {
  return (
    <>
      <button
        type="button"
        className="gallery__nav gallery__nav--prev"
        aria-label="Previous photo"
        onClick={() => onStep(-1)}
      >
        ‹
      </button>
      <button
        type="button"
        className="gallery__nav gallery__nav--next"
        aria-label="Next photo"
        onClick={() => onStep(1)}
      >
        ›
      </button>
    </>
  );
}

/** The vehicle gallery: main item, the thumbnail strip (only when the view model says
 *  so: more than 3 images) and a fullscreen viewer in a modal dialog (Escape closes it,
 *  focus returns to the button that opened it). The stock video is one of the items.
 *  On a phone a sideways swipe turns the page; fullscreen, the photo fills the screen
 *  with every thumbnail under it, and pinching or a double tap (or Zoom in, or the +
 *  and - keys) zooms it. */
export function Gallery({
  images,
  showThumbnails,
  video = null,
}: {
  images: GalleryImage[];
  showThumbnails: boolean;
  video?: GalleryVideo | null;
}) {
  const items = galleryItems(images, video);
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<ZoomView>(UNZOOMED);
  const [gesturing, setGesturing] = useState(false);
  const modal = useModalDialog();
  const { show, close, opener } = modal;
  const mainVideo = useRef<HTMLVideoElement>(null);
  const current = items[index] ?? items[0];
  const count = items.length;
  const step = (delta: number) => {
    setZoom(UNZOOMED);
    setIndex((i) => (i + delta + count) % count);
  };
  const pick = (i: number) => {
    setZoom(UNZOOMED);
    setIndex(i);
  };
  const swipe = useSwipe((delta) => {
    if (count > 1) step(delta);
  });

  if (!current) {
    // Seed 001 s9: a car without photos shows the not-found image.
    return (
      <div className="gallery gallery--empty">
        <div className="gallery__main">
          <Photo url={null} alt="No photo available" layout="vehicle_hero" priority />
        </div>
      </div>
    );
  }
  const openFullscreen = (event: MouseEvent<HTMLButtonElement>) => {
    // One player at a time: the dialog has its own.
    if (mainVideo.current && !mainVideo.current.paused) mainVideo.current.pause();
    setZoom(UNZOOMED);
    show(event);
  };
  const zoomed = zoom.scale > 1;
  return (
    <section className="gallery" aria-label="Photos">
      <div className="gallery__main" {...swipe}>
        {current.kind === 'image' ? (
          // The page's largest image: eager, high priority, preloaded by the head.
          <Photo
            url={current.image.url}
            srcset={current.image.srcset}
            alt={current.image.alt}
            layout="vehicle_hero"
            priority
          />
        ) : (
          <StockVideo key={current.video.url} video={current.video} videoRef={mainVideo} />
        )}
        {count > 1 ? <PageButtons onStep={step} /> : null}
        <button
          ref={opener}
          type="button"
          className="gallery__fullscreen button button--small"
          onClick={openFullscreen}
        >
          View fullscreen
        </button>
      </div>
      {showThumbnails ? (
        <Thumbs items={items} index={index} label="Thumbnails" onPick={pick} />
      ) : null}
      <ModalDialog
        modal={modal}
        className="gallery__dialog"
        label="Fullscreen photos"
        onKeyDown={(event) => {
          // The arrow keys seek inside a focused video player; elsewhere they turn pages.
          if (event.target instanceof HTMLVideoElement) return;
          if (event.key === 'ArrowRight') step(1);
          else if (event.key === 'ArrowLeft') step(-1);
          else if (current.kind === 'image' && (event.key === '+' || event.key === '='))
            setZoom({ scale: TAP_ZOOM, x: 0, y: 0 });
          else if (event.key === '-') setZoom(UNZOOMED);
        }}
      >
        <div className="gallery__dialog-bar">
          <p className="gallery__counter">
            {index + 1} / {count}
          </p>
          {current.kind === 'image' ? (
            <button
              type="button"
              className="button button--secondary button--small"
              aria-pressed={zoomed}
              onClick={() => setZoom(zoomed ? UNZOOMED : { scale: TAP_ZOOM, x: 0, y: 0 })}
            >
              {zoomed ? 'Zoom out' : 'Zoom in'}
            </button>
          ) : null}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's first focus, as showModal() wants */}
          <button type="button" className="button button--small" onClick={close} autoFocus>
            Close
          </button>
        </div>
        <div
          className={`gallery__dialog-stage${gesturing ? ' gallery__dialog-stage--active' : ''}`}
        >
          {current.kind === 'image' ? (
            // Eager: the shopper opened the viewer to look at this photo.
            <ZoomStage
              key={current.image.url}
              view={zoom}
              onZoom={setZoom}
              onStep={(delta) => {
                if (count > 1) step(delta);
              }}
              onActive={setGesturing}
            >
              <Photo
                url={current.image.url}
                srcset={current.image.srcset}
                alt={current.image.alt}
                layout="fullscreen"
                priority
              />
            </ZoomStage>
          ) : (
            <StockVideo key={current.video.url} video={current.video} />
          )}
          {count > 1 ? <PageButtons onStep={step} /> : null}
        </div>
        {count > 1 ? (
          <Thumbs items={items} index={index} label="All photos" onPick={pick} follow />
        ) : null}
      </ModalDialog>
    </section>
  );
}
