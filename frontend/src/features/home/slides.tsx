import { useState } from 'react';
import { ComparisonRateNote } from '../../components/comparison-rate-note';
import { Photo } from '../../components/photo';
import type { HeroStyle } from '../../types/generated/HeroStyle';
import type { SlideView } from '../../types/generated/SlideView';

/** The promotions slider (seed 001 s9: 1920 by 540). Every slide keeps the same fixed
 *  aspect ratio, so nothing below moves while images load or slides change. One slide
 *  shows at a time; Previous, Next and a button per slide change it (no automatic
 *  rotation, so nothing moves on its own). `heroStyle` (the dealer's theme) places the
 *  text: a panel on the image, a full-height panel over its left side, or a bar under it. */
export function Slides({
  slides,
  heroStyle = 'inset',
}: {
  slides: SlideView[];
  heroStyle?: HeroStyle;
}) {
  const [current, setCurrent] = useState(0);
  if (slides.length === 0) return null;
  const count = slides.length;
  const go = (index: number) => setCurrent(((index % count) + count) % count);
  return (
    <section
      className={`slides slides--${heroStyle.replace('_', '-')}`}
      aria-roledescription="carousel"
      aria-label="Highlights"
    >
      <div className="slides__viewport">
        {slides.map((slide, i) => (
          <div
            key={`${i}-${slide.title}`}
            className={`slide${slide.hide_overlay ? ' slide--plain' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}: ${slide.title}`}
            hidden={i !== current}
          >
            <div className="slide__media">
              {slide.video ? (
                <video
                  src={slide.video}
                  poster={slide.image.url}
                  muted
                  playsInline
                  controls
                  preload="none"
                  width={1920}
                  height={540}
                  aria-label={slide.image.alt}
                />
              ) : (
                <Photo
                  url={slide.image.url}
                  srcset={slide.image.srcset}
                  alt={slide.hide_overlay ? slide.image.alt : ''}
                  layout="slide"
                  priority={i === 0}
                />
              )}
            </div>
            {slide.hide_overlay ? (
              slide.url ? (
                <a className="slide__cover-link" href={slide.url}>
                  <span className="visually-hidden">{slide.title}</span>
                </a>
              ) : null
            ) : (
              <div className="slide__overlay">
                <h2 className="slide__title">
                  {slide.url ? <a href={slide.url}>{slide.title}</a> : slide.title}
                </h2>
                {slide.description ? <p className="slide__text">{slide.description}</p> : null}
              </div>
            )}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className="slides__controls">
          <button type="button" className="slides__arrow" onClick={() => go(current - 1)}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">Previous slide</span>
          </button>
          <ul className="slides__dots">
            {slides.map((slide, i) => (
              <li key={`${i}-${slide.title}`}>
                <button
                  type="button"
                  className="slides__dot"
                  aria-pressed={i === current}
                  onClick={() => go(i)}
                >
                  <span className="visually-hidden">
                    Slide {i + 1}: {slide.title}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="slides__arrow" onClick={() => go(current + 1)}>
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">Next slide</span>
          </button>
        </div>
      ) : null}
      {slides.some((s) => s.mentions_rate) ? <ComparisonRateNote /> : null}
    </section>
  );
}
