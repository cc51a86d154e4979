import { useState } from 'react';
import type { GalleryImage } from '../../types/generated/GalleryImage';
import type { ViewerModeView } from '../../types/generated/ViewerModeView';
import type { ViewerView } from '../../types/generated/ViewerView';
import { FullscreenFrame } from './fullscreen-frame';
import { Gallery } from './gallery';
import { HotspotLayer } from './hotspots';
import { Spinner } from './spinner';
import { VideoEmbed } from './video-embed';
import { Photo } from '../../components/photo';

const LABELS: Record<ViewerModeView, string> = {
  spinner: '360° spin',
  walkaround: 'Walkaround video',
  gallery: 'Gallery',
  interior: 'Interior',
};

/** The detail viewer (seed 000 s2/s4): spinner, walkaround, gallery and interior modes,
 *  starting with the dealer's default (from the view model). The spin and the interior
 *  carry their hotspots and go fullscreen; the gallery (with the stock video among its
 *  items) has its fullscreen dialog. Every mode fills the same 4:3 stage, so switching
 *  shifts nothing. The car's external video, if any, follows in its own 16:9 box. */
export function Viewer({
  viewer,
  images,
  showThumbnails,
}: {
  viewer: ViewerView;
  images: GalleryImage[];
  showThumbnails: boolean;
}) {
  const [mode, setMode] = useState<ViewerModeView>(viewer.default_mode);
  return (
    <>
      <div className="viewer">
        {viewer.modes.length > 1 ? (
          <div className="viewer__modes" role="group" aria-label="Viewer mode">
            {viewer.modes.map((m) => (
              <button
                key={m}
                type="button"
                className="viewer__mode"
                aria-pressed={m === mode}
                onClick={() => setMode(m)}
              >
                {LABELS[m]}
              </button>
            ))}
          </div>
        ) : null}
        {mode === 'gallery' ? (
          <Gallery images={images} showThumbnails={showThumbnails} video={viewer.gallery_video} />
        ) : null}
        {mode === 'spinner' ? (
          <FullscreenFrame>
            <Spinner
              images={viewer.spin_images}
              intervalMs={viewer.spin_interval_ms}
              sensitivity={viewer.spin_drag_sensitivity}
              name={viewer.name}
              hotspots={viewer.exterior_hotspots}
            />
          </FullscreenFrame>
        ) : null}
        {mode === 'walkaround' && viewer.walkaround_url ? (
          <div className="viewer__stage">
            <video
              controls
              preload="none"
              src={viewer.walkaround_url}
              poster={viewer.walkaround_poster ?? undefined}
              aria-label={`${viewer.name}, walkaround video`}
            />
          </div>
        ) : null}
        {mode === 'interior' && viewer.interior_image ? (
          <FullscreenFrame>
            <div className="viewer__stage">
              <Photo
                url={viewer.interior_image}
                srcset={viewer.interior_srcset}
                alt={`${viewer.name}, interior`}
                layout="vehicle_hero"
                priority
              />
              <HotspotLayer
                hotspots={viewer.interior_hotspots}
                frame={0}
                label={`${viewer.name}, interior features`}
              />
            </div>
          </FullscreenFrame>
        ) : null}
      </div>
      {viewer.external_video ? (
        <VideoEmbed embed={viewer.external_video} name={viewer.name} />
      ) : null}
    </>
  );
}
