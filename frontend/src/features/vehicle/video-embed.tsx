import { useEffect, useRef, useState } from 'react';
import type { VideoEmbed as VideoEmbedView } from '../../types/generated/VideoEmbed';

const PROVIDERS = { youtube: 'YouTube', vimeo: 'Vimeo' } as const;

/** The car's external video (seed 000 s2 "optional video embed"). Nothing loads from
 *  the provider until the shopper presses Play: only then does the player frame (a
 *  youtube-nocookie.com or player.vimeo.com URL from the view model) go in, in the same
 *  16:9 box, so nothing moves. A video elsewhere is a plain link that opens a new tab. */
export function VideoEmbed({ embed, name }: { embed: VideoEmbedView; name: string }) {
  const [loaded, setLoaded] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    // The Play button is gone: keep keyboard focus on the player that replaced it.
    if (loaded) frame.current?.focus();
  }, [loaded]);

  if (embed.provider === 'link') {
    return (
      <p className="video-embed video-embed--link">
        <a href={embed.url} target="_blank" rel="noopener noreferrer">
          Watch the video of this car<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    );
  }
  const provider = PROVIDERS[embed.provider];
  return (
    <section className="video-embed" aria-label="Video">
      <div className="video-embed__stage">
        {loaded ? (
          <iframe
            ref={frame}
            src={embed.url}
            title={`${name}, video`}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <button type="button" className="video-embed__play" onClick={() => setLoaded(true)}>
            <span className="video-embed__icon" aria-hidden="true">
              ▶
            </span>
            <span>Play video</span>
            <span className="video-embed__note">Loads the {provider} player</span>
          </button>
        )}
      </div>
    </section>
  );
}
