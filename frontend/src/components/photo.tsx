import { useEffect, useRef, useState } from 'react';
import { IMAGE_LAYOUTS, NOT_FOUND_IMAGE } from '../types/generated/constants';

/** A layout of `IMAGE_LAYOUTS` (Rust, domain/src/view/images.rs): the box a photo is
 *  drawn in and its `sizes` at the seed's breakpoints. */
export type PhotoLayout = keyof typeof IMAGE_LAYOUTS;

/** One candidate of a `srcset`. */
export type Candidate = { url: string; width: number };

/** The candidates of a `srcset` the view model carries (`url 160w, url 320w, ...`). The
 *  URLs are the image service's, built on the Rust side; they hold no spaces or commas
 *  (a feed URL's are percent-encoded), so splitting is exact. */
export function candidates(srcset: string): Candidate[] {
  return srcset
    .split(', ')
    .map((entry) => {
      const [url = '', width = ''] = entry.trim().split(' ');
      return { url, width: Number.parseInt(width, 10) };
    })
    .filter((c) => c.url !== '' && Number.isFinite(c.width));
}

/** The `src` of a photo drawn `width` px wide: the smallest candidate at or past it, else
 *  the widest (what a browser without `srcset` support shows). */
export function srcFor(list: Candidate[], width: number): string | undefined {
  const sorted = [...list].sort((a, b) => a.width - b.width);
  return (sorted.find((c) => c.width >= width) ?? sorted[sorted.length - 1])?.url;
}

/** A photo through the image service: `src` at the layout's width, `srcset` over the
 *  ladder with the layout's `sizes`, explicit `width` and `height` (no layout shift),
 *  `decoding="async"`; lazy unless it is the page's largest image (`priority`: eager,
 *  `fetchpriority="high"`, and the head preloads the same candidates). A drawing (no
 *  `srcset`) keeps its plain URL; a missing photo (`url` null) is the not-found image,
 *  and so is a photo that fails to load, also when it failed before hydration. */
export function Photo({
  url,
  srcset,
  alt,
  layout,
  priority = false,
  className,
}: {
  url: string | null | undefined;
  srcset?: string | null;
  alt: string;
  layout: PhotoLayout;
  priority?: boolean;
  className?: string;
}) {
  const box = IMAGE_LAYOUTS[layout];
  const ref = useRef<HTMLImageElement>(null);
  // The URL that failed, so a new photo in the same element (the gallery) starts fresh.
  const [failed, setFailed] = useState<string | null>(null);
  const missing = !url || failed === url;
  const list = !missing && srcset ? candidates(srcset) : [];
  const src = missing ? NOT_FOUND_IMAGE : (srcFor(list, box.width) ?? url);

  useEffect(() => {
    // An error before hydration fired no handler: a finished image with no pixels failed.
    const img = ref.current;
    if (img && url && img.complete && img.naturalWidth === 0 && img.src !== NOT_FOUND_IMAGE)
      setFailed(url);
  }, [url]);

  return (
    <img
      ref={ref}
      className={className}
      src={src}
      srcSet={list.length > 0 ? (srcset ?? undefined) : undefined}
      sizes={list.length > 0 ? box.sizes : undefined}
      alt={alt}
      width={box.width}
      height={box.height}
      decoding="async"
      loading={priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      onError={() => {
        // The not-found image is inline and cannot fail; never swap twice.
        if (!missing && url) setFailed(url);
      }}
    />
  );
}
