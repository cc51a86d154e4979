import { useState } from 'react';
import { useModalDialog } from '../../components/use-modal-dialog';
import type { GalleryImage } from '../../types/generated/GalleryImage';

/** The vehicle gallery: main image, the thumbnail strip (only when the view model says
 *  so: more than 3 images) and a fullscreen viewer in a modal dialog (Escape closes it,
 *  focus returns to the button that opened it). */
export function Gallery({ images, showThumbnails }: { images: GalleryImage[]; showThumbnails: boolean }) {
  const [index, setIndex] = useState(0);
  const { open: fullscreen, show, close, onCancel, onKeyDown, dialog, opener } = useModalDialog();
  const current = images[index] ?? images[0];

  if (!current) {
    return <div className="gallery gallery--empty" />;
  }
  const step = (delta: number) => setIndex((i) => (i + delta + images.length) % images.length);
  return (
    <section className="gallery" aria-label="Photos">
      <div className="gallery__main">
        <img src={current.url} alt={current.alt} width={1024} height={768} />
        {images.length > 1 ? (
          <>
            <button type="button" className="gallery__nav gallery__nav--prev" aria-label="Previous photo" onClick={() => step(-1)}>
              ‹
            </button>
            <button type="button" className="gallery__nav gallery__nav--next" aria-label="Next photo" onClick={() => step(1)}>
              ›
            </button>
          </>
        ) : null}
        <button ref={opener} type="button" className="gallery__fullscreen button button--small" onClick={show}>
          View fullscreen
        </button>
      </div>
      {showThumbnails ? (
        <ul className="gallery__thumbs" aria-label="Thumbnails">
          {images.map((image, i) => (
            <li key={`${i}-${image.url}`}>
              <button type="button" aria-label={`Show ${image.alt}`} aria-current={i === index} onClick={() => setIndex(i)}>
                <img src={image.thumb} alt="" loading="lazy" width={120} height={90} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <dialog
        ref={dialog}
        className="gallery__dialog"
        aria-label="Fullscreen photos"
        onCancel={onCancel}
        onKeyDown={(event) => {
          onKeyDown(event);
          if (event.key === 'ArrowRight') step(1);
          else if (event.key === 'ArrowLeft') step(-1);
        }}
      >
        {fullscreen ? (
          <>
            <img src={current.url} alt={current.alt} />
            <p className="gallery__counter">
              {index + 1} / {images.length}
            </p>
            <div className="gallery__dialog-actions">
              {images.length > 1 ? (
                <>
                  <button type="button" className="button button--secondary" onClick={() => step(-1)}>
                    Previous photo
                  </button>
                  <button type="button" className="button button--secondary" onClick={() => step(1)}>
                    Next photo
                  </button>
                </>
              ) : null}
              <button type="button" className="button" onClick={close} autoFocus>
                Close
              </button>
            </div>
          </>
        ) : null}
      </dialog>
    </section>
  );
}
