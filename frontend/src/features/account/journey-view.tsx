import { useCallback, useEffect, useRef, useState } from 'react';
import './account.css';
import '../journey/journey.css';
import type { VehicleProps } from '../../app/props';
import { openJourney, saveJourneySteps, sendJourneyOrder, type Reply } from '../../api/client';
import { ComparisonRateNote } from '../../components/comparison-rate-note';
import { formatDollars } from '../../lib/number-format';
import { Photo } from '../../components/photo';
import { trackEvent } from '../../lib/analytics';
import type { ReserveTerms } from '../../types/generated/ReserveTerms';
import { MESSAGES } from '../../types/generated/messages';
import { comparisonFigure, FinanceFigures, interestFigure } from '../finance/finance-figures';
import { loadSession } from './session';
import { useHold } from '../vehicle/use-hold';
import { forgetJourneyToken, journeyToken, markJourneyStart } from '../journey/journey-token';
import {
  NO_FEES,
  perFrequency,
  STATUS_LABEL,
  stepStatus,
  type FinanceFigures as Figures,
  type Journey,
  type StepKey,
} from '../journey/journey-model';
import {
  ChosenStep,
  DeliveryStep,
  FinanceStep,
  TradeInStep,
  type Saved,
  type SaveSteps,
} from '../journey/journey-steps';
import { carSlug, carSlugOf, fetchVehicleProps } from './car-lookup';

/** Seed 001: the finance enquiry's analytics event (a pre-approval application is one). */
const FINANCE_ENQUIRY_EVENT = 9;

type Access =
  /** Opened: the journey of this shopper's reservation. */
  | { kind: 'open'; journey: Journey }
  /** No reservation here yet (or not signed in on this device). */
  | { kind: 'none'; signedIn: boolean };

type State =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; props: VehicleProps; access: Access };

function message(reply: Reply<unknown>, fallback: string): string {
  return (!reply.ok && typeof reply.body?.message === 'string' && reply.body.message) || fallback;
}

/** Opens the journey of `carId`: this browser's token, else the signed-in phone's. With
 *  neither there is nothing the API could open: the shopper is asked to reserve or sign
 *  in without a call that can only answer 401. */
async function loadJourney(carId: number): Promise<Access> {
  const token = journeyToken(carId);
  if (!token && (await loadSession()).status !== 'signed-in')
    return { kind: 'none', signedIn: false };
  let reply = await openJourney(carId, { token }, { cache: 'no-store' });
  if (!reply.ok && token && (reply.status === 400 || reply.status === 403)) {
    // Another reservation's token (or one the API no longer knows): try the session.
    forgetJourneyToken(carId);
    if ((await loadSession()).status !== 'signed-in') return { kind: 'none', signedIn: false };
    reply = await openJourney(carId, {}, { cache: 'no-store' });
  }
  if (reply.ok && reply.body) return { kind: 'open', journey: reply.body };
  if (reply.status === 401) return { kind: 'none', signedIn: false };
  if (reply.status === 404 || reply.status === 403) return { kind: 'none', signedIn: true };
  throw new Error(message(reply, `the journey answered ${reply.status}`));
}

function holdEnds(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-AU', { dateStyle: 'full', timeStyle: 'short' });
}

/** /checkout-journey?car_id={slug} (seed 001 s2, online purchase; seed 000's numeric id
 *  too): buying the car online, step by step, kept against the shopper's reservation so
 *  it survives a reload and follows them to another device once signed in. 1 reserve
 *  with the deposit, 2 finance or cash, 3 trade-in, 4 delivery or pick-up, 5 review and
 *  send the order to the dealer. Any step can be skipped and come back to. */
export function JourneyView({
  terms,
  search = () => window.location.search,
}: {
  terms: ReserveTerms | null;
  search?: () => string;
}) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // The comparison rate warning is printed once, under the first rate on the page: the
  // finance step's figures while they show, else the review's.
  const [financeFiguresShown, setFinanceFiguresShown] = useState(false);
  const headings = useRef<Record<string, HTMLHeadingElement | null>>({});

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
      const access = await loadJourney(props.page.card.id);
      setState({ kind: 'ready', props, access });
    })().catch((error: unknown) =>
      setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: `search` reads the page's own URL
  }, []);

  const ready = state.kind === 'ready' ? state : null;
  const carId = ready?.props.page.card.id ?? 0;
  // Without a reservation of their own, a live hold on the car is someone else's.
  const reservable = Boolean(ready?.props.page.card.available && ready.props.page.card.reserve_url);
  const heldByOther = useHold(carId, ready?.access.kind === 'none' && reservable);

  const update = useCallback(
    (journey: Journey) =>
      setState((s) => (s.kind === 'ready' ? { ...s, access: { kind: 'open', journey } } : s)),
    [],
  );

  const save: SaveSteps = useCallback(
    async (body) => {
      let reply;
      try {
        reply = await saveJourneySteps(carId, { token: journeyToken(carId), ...body });
      } catch {
        return { ok: false, message: MESSAGES.FORM_SUBMIT_ERROR, fields: null } satisfies Saved;
      }
      if (reply.ok && reply.body) {
        const before =
          state.kind === 'ready' && state.access.kind === 'open' ? state.access.journey : null;
        update(reply.body);
        if (!before?.finance?.application_lead_id && reply.body.finance?.application_lead_id)
          trackEvent(FINANCE_ENQUIRY_EVENT, { id: carId });
        const step = Object.keys(body)[0] as StepKey | undefined;
        const next = step === 'finance' ? 'trade_in' : step === 'trade_in' ? 'delivery' : 'review';
        setNotice(
          `Saved. ${step === 'delivery' ? 'Please review your order.' : 'On to the next step.'}`,
        );
        headings.current[next]?.focus();
        return { ok: true } satisfies Saved;
      }
      return {
        ok: false,
        message: message(reply, MESSAGES.UNEXPECTED_ERROR),
        fields: reply.ok
          ? null
          : ((reply.body?.fields as Record<string, unknown> | undefined) ?? null),
      } satisfies Saved;
    },
    [carId, state, update],
  );

  const sendOrder = async () => {
    setSending(true);
    setNotice(null);
    try {
      const reply = await sendJourneyOrder(carId, { token: journeyToken(carId) });
      if (reply.ok && reply.body) {
        update(reply.body);
        setNotice('Your order has been sent to the dealer.');
      } else setNotice(message(reply, MESSAGES.UNEXPECTED_ERROR));
    } catch {
      setNotice(MESSAGES.FORM_SUBMIT_ERROR);
    } finally {
      setSending(false);
    }
  };

  if (state.kind === 'loading') return <p role="status">Loading the car…</p>;
  if (state.kind === 'missing')
    return <p role="alert">We could not find that car. It may have been sold.</p>;
  if (state.kind === 'failed')
    return <p role="alert">The car could not be loaded: {state.message}</p>;
  const { page } = state.props;
  const { card } = page;
  // The price's label as the vehicle page shows it ("Drive Away", "Excl. Government
  // Charges"): the review's price and balance carry it too.
  const priceType = card.price_type && card.price !== null ? card.price_type : null;
  const here = `/checkout-journey?car_id=${encodeURIComponent(card.slug)}`;
  const signIn = `/sign-in?type=checkout&redirect=${encodeURIComponent(here)}&back=${encodeURIComponent(here)}`;
  const carHeader = (
    <div className="journey-car">
      <Photo url={card.image?.url} srcset={card.image?.srcset} alt="" layout="small" priority />
      <div>
        <h2>
          <a href={card.path}>{card.name}</a>
        </h2>
        <p className="print-sheet__price">
          {card.price_text}
          {priceType ? <span className="journey-car__price-type"> {priceType}</span> : null}
        </p>
      </div>
    </div>
  );

  if (state.access.kind === 'none') {
    return (
      <>
        {carHeader}
        <section className="journey-step" aria-labelledby="journey-reserve">
          <h2 id="journey-reserve">Step 1 of 5: Reserve it with the deposit</h2>
          {reservable && heldByOther ? (
            <p role="status">
              {MESSAGES.CAR_ALREADY_RESERVED} Someone else holds it for now, so it cannot be bought
              online. Its hold may end: <a href={card.path}>enquire on the car&apos;s page</a> and
              we will let you know.
            </p>
          ) : reservable && card.reserve_url ? (
            <>
              <p>
                {terms
                  ? `Hold this car for ${terms.hold_hours} hours with a $${terms.deposit} fully refundable deposit.`
                  : 'Hold this car with a fully refundable deposit.'}{' '}
                Then come back to this page to choose finance, a trade-in and delivery, and send
                your order to the dealer. Your choices are kept with the reservation.
              </p>
              <a
                className="button"
                href={card.reserve_url}
                onClick={() => markJourneyStart(card.id)}
              >
                {MESSAGES.RESERVE_NOW}
              </a>
            </>
          ) : (
            <p>This car cannot be reserved online right now. Please contact us about it.</p>
          )}
          <p className="journey-field__hint">
            {state.access.signedIn
              ? 'You are signed in, but we found no reservation of this car under your phone number.'
              : heldByOther
                ? 'Reserved it yourself?'
                : 'Reserved it on another device?'}{' '}
            {state.access.signedIn ? null : (
              <a href={signIn}>Sign in with the phone number you reserved with</a>
            )}
          </p>
        </section>
        <h2 className="journey-next">Next steps</h2>
        <ol className="journey-outline" start={2}>
          <li>
            Finance with the calculator&apos;s figures and a pre-approval application, or cash
          </li>
          <li>Your trade-in&apos;s online offer, or no trade-in</li>
          <li>Delivery to your postcode, or pick-up at the dealership</li>
          <li>Review the drive-away price and send your order to the dealer</li>
        </ol>
      </>
    );
  }

  const { journey } = state.access;
  const estimate = page.finance_estimate;
  const calculator = page.finance_calculator;
  const ranges = calculator?.ranges;
  // The car page's loan (the calculator's opening state): its deposit, term, rate and
  // final payment. The deposit held on the card already comes off the balance, so the
  // cash deposit is the rest of the calculator's: the loan, and so its figure, is the car
  // page's.
  const held = journey.summary.deposit_deducted ? journey.summary.deposit : 0;
  const defaults: Figures = {
    deposit: Math.max((ranges?.deposit.default ?? estimate?.deposit ?? 0) - held, 0),
    termYears: ranges?.term_years.default ?? estimate?.term_years ?? 5,
    rate: ranges?.interest.default ?? estimate?.rate ?? 8.5,
    frequency: calculator?.frequency ?? 'week',
    balloon: ranges?.residual.default ?? estimate?.final_payment ?? 0,
  };
  const yardSlug = page.forms?.location_slug ?? page.widgets.delivery_location;
  const yard = yardSlug ? { slug: yardSlug, name: page.location?.name ?? 'the dealership' } : null;
  const sent = journey.order;
  const { summary, hold } = journey;
  const heading = (key: string, number: number, title: string, status?: string) => (
    <h2
      id={`journey-${key}`}
      tabIndex={-1}
      ref={(el) => {
        headings.current[key] = el;
      }}
    >
      <span className="journey-step__number">Step {number} of 5:</span> {title}
      {status ? <span className="journey-step__status"> ({status})</span> : null}
    </h2>
  );
  const today = new Date().toISOString().slice(0, 10);
  const stepStatusLabel = (step: StepKey) => STATUS_LABEL[stepStatus(journey, step)];
  const rep = summary.repayment;
  // The deposit as step 1 describes it: held on the card (it comes off the balance), or
  // to pay at the dealership (paid out of the balance, so it is not taken off twice).
  const deposit = summary.deposit_deducted
    ? {
        label: hold.status === 'captured' ? 'Deposit paid' : 'Deposit held',
        value: `− ${formatDollars(summary.deposit)}`,
      }
    : hold.status === 'awaiting_payment'
      ? {
          label: 'Deposit to pay at the dealership',
          value: `${formatDollars(summary.deposit)}, part of the balance`,
        }
      : { label: 'Deposit', value: 'Released' };

  return (
    <>
      {carHeader}
      <p className="journey-notice" role="status">
        {notice ?? ''}
      </p>
      <ol className="journey-steps">
        <li>
          <section aria-labelledby="journey-reserve">
            {heading('reserve', 1, 'Reserved with the deposit', hold.live ? 'Done' : 'Ended')}
            <p>
              <strong>{hold.label}.</strong> {formatDollars(hold.deposit)} deposit, fully
              refundable.
              {hold.live ? ` The car is held for you until ${holdEnds(hold.expires_at)}.` : null}
            </p>
            {!hold.live && !sent ? (
              <p role="alert">
                Your hold on this car has ended, so the order cannot be sent.{' '}
                {card.reserve_url ? (
                  <a href={card.reserve_url} onClick={() => markJourneyStart(card.id)}>
                    Reserve it again
                  </a>
                ) : null}
              </p>
            ) : null}
          </section>
        </li>
        {sent ? (
          // The order is final: what was chosen stays in view, read-only, beside the totals.
          <>
            <li>
              <section aria-labelledby="journey-finance">
                {heading('finance', 2, 'Finance or cash', stepStatusLabel('finance'))}
                <ChosenStep journey={journey} step="finance" />
              </section>
            </li>
            <li>
              <section aria-labelledby="journey-trade_in">
                {heading('trade_in', 3, 'Trade-in', stepStatusLabel('trade_in'))}
                <ChosenStep journey={journey} step="trade_in" />
              </section>
            </li>
            <li>
              <section aria-labelledby="journey-delivery">
                {heading('delivery', 4, 'Delivery or pick-up', stepStatusLabel('delivery'))}
                <ChosenStep journey={journey} step="delivery" />
              </section>
            </li>
          </>
        ) : (
          <>
            <li>
              <section aria-labelledby="journey-finance">
                {heading('finance', 2, 'Finance or cash', stepStatusLabel('finance'))}
                <FinanceStep
                  journey={journey}
                  defaults={defaults}
                  basis={calculator ?? NO_FEES}
                  save={save}
                  onFigures={setFinanceFiguresShown}
                />
              </section>
            </li>
            <li>
              <section aria-labelledby="journey-trade_in">
                {heading('trade_in', 3, 'Trade-in', stepStatusLabel('trade_in'))}
                <TradeInStep journey={journey} save={save} />
              </section>
            </li>
            <li>
              <section aria-labelledby="journey-delivery">
                {heading('delivery', 4, 'Delivery or pick-up', stepStatusLabel('delivery'))}
                <DeliveryStep journey={journey} yard={yard} save={save} today={today} />
              </section>
            </li>
          </>
        )}
        <li>
          <section aria-labelledby="journey-review">
            {heading('review', 5, 'Review and send your order', sent ? 'Sent' : undefined)}
            <dl className="journey-summary">
              <div>
                <dt>{priceType ? `Price (${priceType})` : 'Price'}</dt>
                <dd>
                  {summary.price === null || summary.price === undefined
                    ? 'To be confirmed'
                    : formatDollars(summary.price)}
                </dd>
              </div>
              <div>
                <dt>Trade-in offer</dt>
                <dd>{summary.trade_in > 0 ? `− ${formatDollars(summary.trade_in)}` : 'None'}</dd>
              </div>
              <div>
                <dt>{deposit.label}</dt>
                <dd>{deposit.value}</dd>
              </div>
              <div>
                <dt>Delivery fee</dt>
                <dd>
                  {journey.delivery?.choice === 'delivery'
                    ? summary.delivery_fee > 0
                      ? `+ ${formatDollars(summary.delivery_fee)}`
                      : 'Free'
                    : journey.delivery?.choice === 'pickup'
                      ? 'Pick-up: none'
                      : 'Not chosen'}
                </dd>
              </div>
              <div className="journey-summary__total">
                <dt>{priceType ? `Balance to pay (${priceType})` : 'Balance to pay'}</dt>
                <dd>
                  {summary.balance === null || summary.balance === undefined
                    ? 'To be confirmed'
                    : formatDollars(summary.balance)}
                </dd>
              </div>
            </dl>
            {rep ? (
              <>
                <FinanceFigures
                  figures={[
                    {
                      key: 'repayment',
                      label: 'Estimated repayment',
                      value: formatDollars(rep.amount),
                      unit: perFrequency(rep.frequency),
                    },
                    interestFigure(rep.rate),
                    comparisonFigure(rep.comparison_rate),
                  ]}
                />
                <p className="journey-field__hint">
                  {formatDollars(rep.financed)} financed over {rep.term_years} years. An estimate
                  only: the lender confirms the figures.
                </p>
                {financeFiguresShown ? null : <ComparisonRateNote />}
              </>
            ) : null}
            {sent ? (
              <p className="journey-done" role="status">
                Your order was sent to the dealer on {holdEnds(sent.sent_at)}. They will contact you
                to arrange the rest.
              </p>
            ) : (
              <>
                {!hold.live ? (
                  <p className="journey-field__hint" id="journey-send-hint">
                    The order can be sent while the car is held for you.
                  </p>
                ) : null}
                <button
                  type="button"
                  className="button"
                  disabled={sending || !hold.live}
                  aria-describedby={hold.live ? undefined : 'journey-send-hint'}
                  onClick={() => void sendOrder()}
                >
                  Send my order to the dealer
                </button>
              </>
            )}
          </section>
        </li>
      </ol>
    </>
  );
}
