import { useEffect, useRef, useState } from 'react';
import { IMAGE_LAYOUTS, NOT_FOUND_IMAGE } from '../types/generated/constants';

/** A layout of `IMAGE_LAYOUTS` (Rust, domain/src/view/images.rs): the box a photo is
 *  drawn in and its `sizes` at the seed's breakpoints. */
type PhotoLayout = keyof typeof IMAGE_LAYOUTS;

/** One candidate of a `srcset`. */
type Candidate = { url: string; width: number };

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

/** The image an `<img>` shows of `sources` (tried in order: blank ones skipped, one that
 *  fails to load gives way to the next), ending with the not-found image (seed 001 s8
 *  "Missing image: a default not-found image"). Also a failure before hydration counts:
 *  a finished image with no pixels failed without firing a handler. */
export function useImageFallback(sources: (string | null | undefined)[]) {
  const ref = useRef<HTMLImageElement>(null);
  const usable = sources.filter((s): s is string => typeof s === 'string' && s.trim() !== '');
  // The URLs that failed, so a new image in the same element (the gallery) starts fresh.
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const shown = usable.find((s) => !failed.has(s)) ?? NOT_FOUND_IMAGE;
  const fail = () => {
    // The not-found image is inline and cannot fail; never swap twice.
    if (shown !== NOT_FOUND_IMAGE) setFailed((f) => new Set(f).add(shown));
  };
  useEffect(() => {
    const img = ref.current;
    if (img && shown !== NOT_FOUND_IMAGE && img.complete && img.naturalWidth === 0) fail();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- checked once per image shown
  }, [shown]);
  return { ref, shown, onError: fail };
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
  const { ref, shown, onError } = useImageFallback([url]);
  const missing = shown === NOT_FOUND_IMAGE;
  const list = !missing && srcset ? candidates(srcset) : [];
  const src = missing ? NOT_FOUND_IMAGE : (srcFor(list, box.width) ?? shown);

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
      onError={onError}
    />
  );
}
