import { useEffect, useRef, useState } from 'react';
import type { CompareProps } from '../app/props';
import { Layout } from '../components/layout';
import type { CarRef } from '../features/account/records';
import { removeCompared, useCompared } from '../features/compare/compare-store';
import { fetchVehicleProps } from '../features/account/car-lookup';
import { CompareTable, type CompareColumn } from '../features/compare/compare-table';
import '../features/compare/compare.css';

type Loaded = Exclude<CompareColumn, { state: 'loading' }>;

/** What the car's own page says of it (its compare rows), or why there is nothing. */
async function load(car: CarRef): Promise<Loaded> {
  try {
    const props = car.slug ? await fetchVehicleProps(car.slug) : null;
    if (!props) return { car, state: 'gone' };
    const card = props.page.card;
    return {
      car: { ...car, name: card.name },
      state: 'ready',
      path: card.path,
      image: card.image?.url ?? null,
      srcset: card.image?.srcset ?? null,
      rows: props.page.compare,
    };
  } catch {
    return { car, state: 'failed' };
  }
}

/** The compare page: the cars the shopper ticked Compare on (kept in this
 *  browser), each read from its own vehicle page, side by side; Remove takes one out and
 *  says so. Nothing is compared on the server: the page's markup is the heading and an
 *  empty status until the browser knows the shopper's cars. */
export function ComparePage({ site, page }: CompareProps) {
  const compared = useCompared();
  const [loaded, setLoaded] = useState<ReadonlyMap<number, Loaded>>(new Map());
  const [hydrated, setHydrated] = useState(false);
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    const wanted = compared.filter((car) => !loaded.has(car.id));
    if (wanted.length === 0) return;
    let live = true;
    void Promise.all(wanted.map(load)).then((results) => {
      if (!live) return;
      setLoaded((before) => {
        const next = new Map(before);
        for (const result of results) next.set(result.car.id, result);
        return next;
      });
    });
    return () => {
      live = false;
    };
  }, [compared, loaded]);

  const columns: CompareColumn[] = compared.map(
    (car) => loaded.get(car.id) ?? { car, state: 'loading' },
  );

  function remove(car: CarRef) {
    removeCompared(car.id);
    setSaid(`Removed the ${car.name} from compare.`);
    // The Remove button is gone with its column: the focus goes back to the heading.
    heading.current?.focus();
  }

  return (
    <Layout site={site}>
      <div className="compare">
        <h1 ref={heading} tabIndex={-1}>
          {page.title}
        </h1>
        <p className="compare__status" role="status">
          {said}
          {said && hydrated ? ' ' : ''}
          {hydrated
            ? `${compared.length} of ${page.max_cars} cars to compare.`
            : 'Loading the cars you picked…'}
        </p>
        {hydrated && compared.length === 0 ? (
          <p>
            Tick Compare on up to {page.max_cars} cars to see them side by side.{' '}
            <a href={page.search_path}>Browse our stock</a>
          </p>
        ) : null}
        {columns.length > 0 ? (
          <CompareTable labels={page.rows} columns={columns} onRemove={remove} />
        ) : null}
        {hydrated && compared.length > 0 && compared.length < page.max_cars ? (
          <p>
            <a href={page.search_path}>Add another car</a>
          </p>
        ) : null}
      </div>
      <noscript>
        <p>This page needs JavaScript.</p>
      </noscript>
    </Layout>
  );
}
