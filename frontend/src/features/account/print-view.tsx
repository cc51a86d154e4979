import { useEffect, useRef, useState } from 'react';
import './account.css';
import type { VehicleProps } from '../../app/props';
import { carSlug, fetchVehicleProps } from './car-lookup';

type State = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed'; message: string } | { kind: 'ready'; props: VehicleProps };

function Rows({ title, rows }: { title: string; rows: { label: string; value: string }[] }) {
  if (rows.length === 0) return null;
  return (
    <section className="account-section">
      <h2>{title}</h2>
      <table>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** /print?car_id={slug} (seed 001 s2, opened in a new tab from the vehicle page): the car's
 *  printable sheet (photo, price, key information, specifications, features, dealer
 *  comments, where to see it), read from the car's own page, with a Print button. */
export function PrintView({ search = () => window.location.search }: { search?: () => string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const printRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const slug = carSlug(new URLSearchParams(search()).get('car_id'));
    if (!slug) {
      setState({ kind: 'missing' });
      return;
    }
    fetchVehicleProps(slug)
      .then((props) => setState(props ? { kind: 'ready', props } : { kind: 'missing' }))
      .catch((error: unknown) => setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }));
  }, []);

  useEffect(() => {
    if (state.kind === 'ready') {
      document.title = `Print: ${state.props.page.card.name}`;
      printRef.current?.focus();
    }
  }, [state]);

  if (state.kind === 'loading') return <p role="status">Preparing the printable page…</p>;
  if (state.kind === 'missing') return <p role="alert">We could not find that car. It may have been sold.</p>;
  if (state.kind === 'failed') return <p role="alert">The car could not be loaded: {state.message}</p>;
  const { page, site } = state.props;
  const { card } = page;
  const photo = page.images[0] ?? (card.image ? { url: card.image.url, alt: card.image.alt } : null);
  return (
    <article className="print-sheet" aria-labelledby="print-title">
      <p className="print-sheet__actions account-actions">
        <button ref={printRef} type="button" className="button" onClick={() => window.print()}>
          Print this page
        </button>
        <a className="button button--secondary" href={card.path}>
          Back to the car
        </a>
      </p>
      <div className="print-sheet__head">
        {photo ? <img className="print-sheet__photo" src={photo.url} alt={photo.alt} width={640} height={480} /> : null}
        <div>
          <h2 id="print-title">{card.name}</h2>
          <p className="print-sheet__price">
            {card.price_text}
            {card.price_type && card.price !== null ? ` ${card.price_type}` : ''}
          </p>
          {page.sold_notice ? <p>{page.sold_notice}</p> : null}
          {card.km_text ? <p>{card.km_text}</p> : null}
          {page.location ? <p>At {page.location.name}</p> : null}
          {page.phone && !page.phone.masked ? <p>Call {page.phone.display}</p> : site.phone && !site.phone.masked ? <p>Call {site.phone.display}</p> : null}
          <p>{`${site.canonical_base}${card.path}`}</p>
        </div>
      </div>
      <Rows title="Key information" rows={page.key_information} />
      <Rows title="Specifications" rows={page.specifications} />
      {page.features.length > 0 ? (
        <section className="account-section">
          <h2>Features</h2>
          <ul className="print-sheet__columns">
            {page.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {!page.comments.pending && page.comments.paragraphs.length > 0 ? (
        <section className="account-section">
          <h2>Dealer comments</h2>
          {page.comments.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </section>
      ) : null}
    </article>
  );
}
