import { useEffect, useRef, useState } from 'react';
import './account.css';
import type { VehicleProps } from '../../app/props';
import { carSlug, fetchVehicleProps } from './car-lookup';
import { COMPARISON_RATE_MARK, ComparisonRateNote } from '../../components/comparison-rate-note';
import { MESSAGES } from '../../types/generated/messages';
import { Photo } from '../../components/photo';

type State =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; props: VehicleProps };

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
 *  one-page sheet (dealer logo, address and phone, photo, price, finance line,
 *  key specifications and the page address), read from the car's own page, with a Print
 *  button. The full specifications, features and comments stay on the car's page. */
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
      .catch((error: unknown) =>
        setState({
          kind: 'failed',
          message: error instanceof Error ? error.message : String(error),
        }),
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: `search` reads the page's own URL
  }, []);

  useEffect(() => {
    if (state.kind === 'ready') {
      document.title = `Print: ${state.props.page.card.name}`;
      printRef.current?.focus();
    }
  }, [state]);

  if (state.kind === 'loading') return <p role="status">Preparing the printable page…</p>;
  if (state.kind === 'missing')
    return <p role="alert">We could not find that car. It may have been sold.</p>;
  if (state.kind === 'failed')
    return <p role="alert">The car could not be loaded: {state.message}</p>;
  const { page, site } = state.props;
  const { card } = page;
  const photo = page.images[0] ?? card.image ?? null;
  const phone = page.phone ?? site.phone;
  const address = page.map ? [page.map.street, page.map.locality].filter(Boolean).join(', ') : '';
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
      <header className="print-sheet__dealer">
        <img className="print-sheet__logo" src={site.logo_url} alt={site.name} height={48} />
        <div>
          <p className="print-sheet__dealer-name">{page.location?.name ?? site.name}</p>
          {address ? <p>{address}</p> : null}
          {phone ? <p>Call {phoneNumber(phone)}</p> : null}
        </div>
      </header>
      <div className="print-sheet__head">
        {photo ? (
          <Photo
            className="print-sheet__photo"
            url={photo.url}
            srcset={photo.srcset}
            alt={photo.alt}
            layout="card"
            priority
          />
        ) : null}
        <div className="print-sheet__summary">
          <h2 id="print-title">{card.name}</h2>
          <p className="print-sheet__price">
            {card.price_text}
            {card.price_type && card.price !== null ? ` ${card.price_type}` : ''}
          </p>
          {page.sold_notice ? <p>{page.sold_notice}</p> : null}
          {card.finance ? (
            <>
              <p className="print-sheet__finance finance-line">
                {card.finance.weekly}
                {MESSAGES.PER_WEEK_SHORT} · {MESSAGES.INTEREST_RATE} {card.finance.interest_rate} ·{' '}
                {MESSAGES.COMPARISON_RATE} {card.finance.comparison_rate}
                {COMPARISON_RATE_MARK}
              </p>
              <ComparisonRateNote />
            </>
          ) : null}
          {page.key_chips.length > 0 ? (
            <p className="print-sheet__chips">{page.key_chips.join(' · ')}</p>
          ) : null}
          <p className="print-sheet__url">{`${site.canonical_base}${card.path}`}</p>
        </div>
      </div>
      <Rows title="Key specifications" rows={page.key_information} />
    </article>
  );
}

/** The number to print: a masked number's digits come from its dial link (paper cannot
 *  reveal on click), else the number as shown. */
function phoneNumber(phone: { display: string; href: string; masked: boolean }): string {
  return phone.masked ? phone.href.replace(/^tel:/, '') : phone.display;
}
