import { useEffect, useState } from 'react';
import './account.css';
import type { VehicleProps } from '../../app/props';
import { getHold } from '../../api/client';
import type { ReserveTerms } from '../../types/generated/ReserveTerms';
import { MESSAGES } from '../../types/generated/messages';
import { carSlug, carSlugOf, fetchVehicleProps } from './car-lookup';
import { Photo } from '../../components/photo';

type State =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; props: VehicleProps; held: boolean };

/** /checkout-journey?car_id={slug} (seed 001 s2, online purchase; seed 000's numeric id too): the car, then the steps
 *  of buying it online, each a real page: reserve it with the refundable deposit, arrange
 *  finance, value a trade-in, and talk to the dealer about delivery or pick-up. */
export function JourneyView({
  terms,
  search = () => window.location.search,
}: {
  terms: ReserveTerms | null;
  search?: () => string;
}) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const param = new URLSearchParams(search()).get('car_id');
    if (!carSlug(param)) {
      setState({ kind: 'missing' });
      return;
    }
    (async () => {
      const slug = await carSlugOf(param);
      if (!slug) return setState({ kind: 'missing' });
      const props = await fetchVehicleProps(slug);
      if (!props) return setState({ kind: 'missing' });
      // A hold made since the build: the car cannot be reserved again.
      const hold = await getHold(props.page.card.id, { cache: 'no-store' })
        .then((r) => (r.ok ? r.body : null))
        .catch(() => null);
      setState({ kind: 'ready', props, held: hold?.reserved === true });
    })().catch((error: unknown) =>
      setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: `search` reads the page's own URL
  }, []);

  if (state.kind === 'loading') return <p role="status">Loading the car…</p>;
  if (state.kind === 'missing')
    return <p role="alert">We could not find that car. It may have been sold.</p>;
  if (state.kind === 'failed')
    return <p role="alert">The car could not be loaded: {state.message}</p>;
  const { page } = state.props;
  const { card } = page;
  const reservable = card.available && card.reserve_url && !state.held;
  return (
    <>
      <div className="journey-car">
        <Photo url={card.image?.url} srcset={card.image?.srcset} alt="" layout="small" priority />
        <div>
          <h2>
            <a href={card.path}>{card.name}</a>
          </h2>
          <p className="print-sheet__price">{card.price_text}</p>
          {state.held ? <p className="vehicle__reserved">{MESSAGES.RESERVED}</p> : null}
        </div>
      </div>
      <ol className="journey-steps">
        <li>
          <h2>Reserve it online</h2>
          {reservable && card.reserve_url ? (
            <>
              <p>
                {terms
                  ? `Hold this car for ${terms.hold_hours} hours with a $${terms.deposit} deposit, paid at the dealership. It is 100% refundable.`
                  : 'Hold this car with a fully refundable deposit, paid at the dealership.'}
              </p>
              <a className="button" href={card.reserve_url}>
                {MESSAGES.RESERVE_NOW}
              </a>
            </>
          ) : (
            <p>This car cannot be reserved online right now. Please contact us about it.</p>
          )}
        </li>
        <li>
          <h2>Arrange finance</h2>
          <p>Apply for finance with us and get a decision before you visit.</p>
          <a className="button button--secondary" href={page.finance_url}>
            Apply for finance
          </a>
        </li>
        <li>
          <h2>Trade in your car</h2>
          <p>Get an offer for your current car and put it towards this one.</p>
          <a className="button button--secondary" href={`/cars/trade-in?car_id=${card.id}`}>
            Value my trade-in
          </a>
        </li>
        <li>
          <h2>Delivery or pick-up</h2>
          <p>Tell us how you would like to take delivery and we will arrange the rest.</p>
          <a className="button button--secondary" href={page.widgets.enquire_url}>
            {page.widgets.enquire_label}
          </a>
        </li>
      </ol>
    </>
  );
}
