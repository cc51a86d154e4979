import { useState } from 'react';
import type { GalleryImage } from '../../types/generated/GalleryImage';
import type { ViewerModeView } from '../../types/generated/ViewerModeView';
import type { ViewerView } from '../../types/generated/ViewerView';
import { Gallery } from './gallery';
import { Spinner } from './spinner';

const LABELS: Record<ViewerModeView, string> = { spinner: '360° spin', walkaround: 'Walkaround video', gallery: 'Gallery', interior: 'Interior' };

/** The detail viewer (seed 000 s2/s4): spinner, walkaround, gallery and interior modes,
 *  starting with the dealer's default (from the view model); the gallery has the
 *  fullscreen viewer. Every mode fills the same 4:3 stage, so switching shifts nothing. */
export function Viewer({ viewer, images, showThumbnails }: { viewer: ViewerView; images: GalleryImage[]; showThumbnails: boolean }) {
  const [mode, setMode] = useState<ViewerModeView>(viewer.default_mode);
  return (
    <div className="viewer">
      {viewer.modes.length > 1 ? (
        <div className="viewer__modes" role="group" aria-label="Viewer mode">
          {viewer.modes.map((m) => (
            <button key={m} type="button" className="viewer__mode" aria-pressed={m === mode} onClick={() => setMode(m)}>
              {LABELS[m]}
            </button>
          ))}
        </div>
      ) : null}
      {mode === 'gallery' ? <Gallery images={images} showThumbnails={showThumbnails} /> : null}
      {mode === 'spinner' ? (
        <Spinner images={viewer.spin_images} intervalMs={viewer.spin_interval_ms} sensitivity={viewer.spin_drag_sensitivity} name={viewer.name} />
      ) : null}
      {mode === 'walkaround' && viewer.walkaround_url ? (
        <div className="viewer__stage">
          <video controls preload="none" src={viewer.walkaround_url} poster={viewer.walkaround_poster ?? undefined} aria-label={`${viewer.name}, walkaround video`} />
        </div>
      ) : null}
      {mode === 'interior' && viewer.interior_image ? (
        <div className="viewer__stage">
          <img src={viewer.interior_image} alt={`${viewer.name}, interior`} width={1024} height={768} />
        </div>
      ) : null}
    </div>
  );
}
