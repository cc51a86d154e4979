import type { BrandsProps } from '../app/props';
import { Layout } from '../components/layout';
import { BrandTiles } from '../features/catalogue/brand-tiles';
import '../features/catalogue/catalogue.css';

/** The brands list (/brands), grouped by vehicle category with #cars style anchors. */
export function BrandsPage({ site, page }: BrandsProps) {
  return (
    <Layout site={site}>
      <h1>{page.title}</h1>
      {page.groups.map((group) => (
        <section key={group.id} id={group.id} aria-labelledby={`brands-${group.id}`}>
          {page.groups.length > 1 ? (
            <h2 id={`brands-${group.id}`}>{group.title}</h2>
          ) : (
            <h2 id={`brands-${group.id}`} className="visually-hidden">
              {group.title}
            </h2>
          )}
          <BrandTiles brands={group.brands} />
        </section>
      ))}
    </Layout>
  );
}
