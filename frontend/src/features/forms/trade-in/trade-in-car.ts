// A trade-in started from a car (its card's Get Your Valuation: /cars/trade-in?car_id=):
// the form keeps that car (named on the page, on the lead's success marker and the way
// back from /success) and starts at the car's location. The car is looked up through
// the search API once; until it answers the form waits, so its fields start right.
import { useEffect, useState } from 'react';
import type { CardView } from '../../../types/generated/CardView';
import type { FormPageView } from '../../../types/generated/FormPageView';
import { fetchCardsByIds } from '../../account/car-lookup';
import { carIdOf } from './trade-in-steps';

/** The trade-in page's view for `card`: the car as its subject, and its location (by
 *  name, as the card names it) preselected when the form offers it. */
export function tradeInView(view: FormPageView, card: CardView): FormPageView {
  const wanted = card.location_name?.trim().toLowerCase() ?? '';
  const location = wanted
    ? view.locations.find((l) => l.name.trim().toLowerCase() === wanted)
    : undefined;
  return {
    ...view,
    default_location_id: location?.id ?? view.default_location_id,
    subject: {
      id: card.id,
      slug: card.slug,
      name: card.name,
      make: card.make,
      model: card.model,
      primary_image_url: card.image?.url ?? '',
      stocknum: '',
      body: '',
      simple_body: '',
    },
    car: card,
  };
}

/** What the page knows of the car: none asked, still looking, or the view to use (with
 *  the car, or unchanged when the car is not listed or the lookup failed). */
type TradeInCar =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'ready'; view: FormPageView; card: CardView | null };

/** The trade-in view for the page's `car_id`, looked up after hydration. */
export function useTradeInCar(
  view: FormPageView,
  search: () => string = () => window.location.search,
  lookUp = fetchCardsByIds,
): TradeInCar {
  const [state, setState] = useState<TradeInCar>({ kind: 'none' });
  useEffect(() => {
    // The finance form takes the car the same way (seed 001 s2: /personalised/finance?car_id=).
    if (view.kind !== 'trade_in' && view.kind !== 'finance_enquiry') return;
    const id = carIdOf(new URLSearchParams(search()));
    if (id === null) return;
    let live = true;
    setState({ kind: 'loading' });
    lookUp([id])
      .then(([card]) => {
        if (live)
          setState(
            card
              ? { kind: 'ready', view: tradeInView(view, card), card }
              : { kind: 'ready', view, card: null },
          );
      })
      .catch((error: unknown) => {
        // The valuation works without the car: it is only not named.
        console.warn('Trade-in car lookup failed', error);
        if (live) setState({ kind: 'ready', view, card: null });
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `search` and `lookUp` are fixed for the page (defaults, or test seams)
  }, [view]);
  return state;
}
