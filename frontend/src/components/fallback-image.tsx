import { useImageFallback } from './photo';

/** An image that is not a stock photo (a brand logo, the certified logo, a model
 *  variant's picture): `src` (for a brand, the logo the dealer supplies in brands.toml),
 *  and when it fails to load the not-found image (seed 001 s8 "Missing image: a default
 *  not-found image; missing brand logo falls back to the supplied logo or the not-found
 *  image"). Stock photos use `Photo`, which does the same through the image service. A
 *  brand with no logo at all keeps its name as a word mark (brand grids and tiles): the
 *  not-found picture would say less than the name. */
export function FallbackImage({
  src,
  alt,
  width,
  height,
  className,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
}) {
  const { ref, shown, onError } = useImageFallback([src]);
  return (
    <img
      ref={ref}
      className={className}
      src={shown}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      onError={onError}
    />
  );
}
