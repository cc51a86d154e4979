import { useRef, useState, type MouseEvent, type Ref } from 'react';
import { useModalDialog } from '../../components/use-modal-dialog';
import { ModalDialog } from '../../components/modal-dialog';
import { Photo } from '../../components/photo';
import type { GalleryImage } from '../../types/generated/GalleryImage';
import type { GalleryVideo } from '../../types/generated/GalleryVideo';

/** One item of the gallery: a photo, or the stock video. */
export type GalleryItem =
  { kind: 'image'; image: GalleryImage } | { kind: 'video'; video: GalleryVideo };

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

/** The vehicle gallery: main item, the thumbnail strip (only when the view model says
 *  so: more than 3 images) and a fullscreen viewer in a modal dialog (Escape closes it,
 *  focus returns to the button that opened it). The stock video is one of the items. */
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
  const modal = useModalDialog();
  const { show, close, opener } = modal;
  const mainVideo = useRef<HTMLVideoElement>(null);
  const current = items[index] ?? items[0];

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
  const step = (delta: number) => setIndex((i) => (i + delta + items.length) % items.length);
  const openFullscreen = (event: MouseEvent<HTMLButtonElement>) => {
    // One player at a time: the dialog has its own.
    if (mainVideo.current && !mainVideo.current.paused) mainVideo.current.pause();
    show(event);
  };
  return (
    <section className="gallery" aria-label="Photos">
      <div className="gallery__main">
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
        {items.length > 1 ? (
          <>
            <button
              type="button"
              className="gallery__nav gallery__nav--prev"
              aria-label="Previous photo"
              onClick={() => step(-1)}
            >
              ‹
            </button>
            <button
              type="button"
              className="gallery__nav gallery__nav--next"
              aria-label="Next photo"
              onClick={() => step(1)}
            >
              ›
            </button>
          </>
        ) : null}
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
        <ul className="gallery__thumbs" aria-label="Thumbnails">
          {items.map((item, i) => {
            const thumb = item.kind === 'image' ? item.image.thumb : item.video.poster;
            return (
              <li key={`${i}-${item.kind === 'image' ? item.image.url : item.video.url}`}>
                <button
                  type="button"
                  className={
                    item.kind === 'video'
                      ? 'gallery__thumb gallery__thumb--video'
                      : 'gallery__thumb'
                  }
                  aria-label={`Show ${itemName(item)}`}
                  aria-current={i === index}
                  onClick={() => setIndex(i)}
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
        }}
      >
        {current.kind === 'image' ? (
          <Photo
            url={current.image.url}
            srcset={current.image.srcset}
            alt={current.image.alt}
            layout="fullscreen"
          />
        ) : (
          <StockVideo key={current.video.url} video={current.video} />
        )}
        <p className="gallery__counter">
          {index + 1} / {items.length}
        </p>
        <div className="gallery__dialog-actions">
          {items.length > 1 ? (
            <>
              <button type="button" className="button button--secondary" onClick={() => step(-1)}>
                Previous photo
              </button>
              <button type="button" className="button button--secondary" onClick={() => step(1)}>
                Next photo
              </button>
            </>
          ) : null}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's first focus, as showModal() wants */}
          <button type="button" className="button" onClick={close} autoFocus>
            Close
          </button>
        </div>
      </ModalDialog>
    </section>
  );
}
