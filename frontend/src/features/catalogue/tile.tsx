import type { ReactNode } from 'react';
import type { ImageView } from '../../types/generated/ImageView';
import { Photo } from '../../components/photo';

/** A card of a tile grid: an image, a linked heading (the whole card is the link's
 *  target area) and whatever the card shows below. */
export function Tile({
  url,
  title,
  image,
  headingLevel,
  children,
}: {
  url: string;
  title: string;
  image: ImageView;
  headingLevel: 2 | 3;
  children: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="tile">
      <Photo url={image.url} srcset={image.srcset} alt="" layout="tile" />
      <Heading className="tile__title">
        <a href={url}>{title}</a>
      </Heading>
      {children}
    </li>
  );
}
