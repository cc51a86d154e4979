import { useEffect, useId, useLayoutEffect, useState, type FormEvent, type ReactNode } from 'react';
import { appointmentSlots, type Schemas } from '../../api/client';
import { ComparisonRateNote } from '../../components/comparison-rate-note';
import { formatDollars } from '../../lib/number-format';
import type { PaymentFrequency } from '../../types/generated/PaymentFrequency';
import '../finance/finance.css';
import { comparisonFigure, FinanceFigures, interestFigure } from '../finance/finance-figures';
import { termText, type LoanBasis } from '../finance/calculator-state';
import {
  fetchOptions,
  lookUp,
  valuate,
  type QuestionChoice,
  type TradeInOptions,
  type Vehicle,
} from '../forms/trade-in/trade-in-client';
import {
  fieldsOf,
  NO_FEES,
  perFrequency,
  previewRepayment,
  TERMS,
  type FinanceFigures as Figures,
  type Journey,
  type StepKey,
} from './journey-model';
import { deliveryTo } from '../vehicle/delivery-client';

/** What saving a step came to. */
export type Saved =
  { ok: true } | { ok: false; message: string; fields: Record<string, unknown> | null };

/** Saves the steps in `body` (the token is added by the page). */
export type SaveSteps = (body: Omit<Schemas['StepsRequest'], 'token'>) => Promise<Saved>;

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="journey-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="journey-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="form-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function described(id: string, error?: string, hint?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

/** The save and skip buttons of a step, and the step's message. */
function StepActions({
  busy,
  saveLabel,
  onSkip,
  message,
}: {
  busy: boolean;
  saveLabel: string;
  onSkip: () => void;
  message: string | null;
}) {
  return (
    <>
      {message ? (
        <p className="form-field__error" role="alert">
          {message}
        </p>
      ) : null}
      <div className="journey-actions">
        <button type="submit" className="button" disabled={busy}>
          {saveLabel}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={onSkip}>
          Skip for now
        </button>
      </div>
    </>
  );
}

/** Saving one step: the busy flag, the message and the field messages of a refusal. */
function useStepSave(save: SaveSteps, step: StepKey) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const run = async (body: Omit<Schemas['StepsRequest'], 'token'>) => {
    setBusy(true);
    setMessage(null);
    const result = await save(body);
    setBusy(false);
    if (result.ok) {
      setErrors({});
      return true;
    }
    const fields = fieldsOf(result.fields, step);
    setErrors(fields);
    setMessage(
      Object.keys(fields).length > 0 ? 'Please check the highlighted answers.' : result.message,
    );
    return false;
  };
  return { busy, message, errors, run };
}

/** What the loan carries besides the shopper's figures, as the car page's calculator has
 *  it: "With a final payment of $5,097 and a $395 establishment fee financed, as on the
 *  car's page."; null with neither. */
function loanExtras(balloon: number, fee: number): string | null {
  const parts = [
    balloon > 0 ? `a final payment of ${formatDollars(balloon)}` : null,
    fee > 0 ? `a ${formatDollars(fee)} establishment fee financed` : null,
  ].filter(Boolean);
  return parts.length > 0 ? `With ${parts.join(' and ')}, as on the car's page.` : null;
}

/** Step 2: finance with the calculator's figures (and a pre-approval application), or cash.
 *  The comparison rate warning goes under these figures while they show, the page's
 *  first rate; `onFigures` tells the page so that it prints the warning nowhere else. */
export function FinanceStep({
  journey,
  defaults,
  basis = NO_FEES,
  save,
  onFigures,
}: {
  journey: Journey;
  defaults: Figures;
  /** The car calculator's fee, rounding and comparison rate rule. */
  basis?: LoanBasis;
  save: SaveSteps;
  onFigures?: (shown: boolean) => void;
}) {
  const id = useId();
  const chosen = journey.finance;
  const [choice, setChoice] = useState<'finance' | 'cash'>(
    chosen?.choice === 'cash' ? 'cash' : 'finance',
  );
  const [deposit, setDeposit] = useState(String(chosen?.deposit ?? defaults.deposit));
  const [termYears, setTermYears] = useState(chosen?.term_years ?? defaults.termYears);
  const [rate, setRate] = useState(String(chosen?.rate ?? defaults.rate));
  const [frequency, setFrequency] = useState<PaymentFrequency>(
    chosen?.frequency ?? defaults.frequency,
  );
  const applied = Boolean(chosen?.application_lead_id);
  const [apply, setApply] = useState(false);
  const { busy, message, errors, run } = useStepSave(save, 'finance');
  // The final payment is the car calculator's (kept once saved): not edited here.
  const balloon = chosen?.choice === 'finance' ? (chosen.balloon ?? 0) : defaults.balloon;
  const figures: Figures = {
    deposit: Number(deposit) || 0,
    termYears,
    rate: Number(rate) || 0,
    frequency,
    balloon,
  };
  const preview = previewRepayment(journey.summary.balance, figures, basis);
  const extras = loanExtras(balloon, basis.establishment_fee);
  const figuresShown = choice === 'finance' && preview !== null;
  // Before paint, so the warning never shows twice for a frame.
  useLayoutEffect(() => onFigures?.(figuresShown), [figuresShown, onFigures]);
  useLayoutEffect(() => () => onFigures?.(false), [onFigures]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run({
      finance:
        choice === 'cash'
          ? { choice: 'cash' }
          : {
              choice: 'finance',
              deposit: Number(deposit),
              term_years: termYears,
              rate: Number(rate),
              frequency,
              balloon,
              // The car page's fee (its lender's where the feed names one), so the API's
              // summary finances what this preview does.
              establishment_fee: basis.establishment_fee,
              // The comparison rate this preview quotes (a lender's own at its rate,
              // which the API cannot know), so the review quotes it too.
              comparison_rate: preview?.comparisonRate,
              apply: apply && !applied,
            },
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="journey-choice">
        <legend>How will you pay?</legend>
        <label>
          <input
            type="radio"
            name={`${id}-choice`}
            checked={choice === 'finance'}
            onChange={() => setChoice('finance')}
          />{' '}
          Finance
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-choice`}
            checked={choice === 'cash'}
            onChange={() => setChoice('cash')}
          />{' '}
          I&apos;m paying cash
        </label>
      </fieldset>
      {choice === 'finance' ? (
        <div className="journey-grid">
          <Field id={`${id}-deposit`} label="Cash deposit ($)" error={errors.deposit}>
            <input
              id={`${id}-deposit`}
              type="number"
              inputMode="decimal"
              min={0}
              step={100}
              value={deposit}
              aria-invalid={errors.deposit ? true : undefined}
              aria-describedby={described(`${id}-deposit`, errors.deposit)}
              onChange={(e) => setDeposit(e.target.value)}
            />
          </Field>
          <Field id={`${id}-term`} label="Loan term" error={errors.term_years}>
            <select
              id={`${id}-term`}
              value={termYears}
              aria-describedby={described(`${id}-term`, errors.term_years)}
              onChange={(e) => setTermYears(Number(e.target.value))}
            >
              {TERMS.map((t) => (
                <option key={t} value={t}>
                  {termText(t, false)}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-rate`} label="Interest rate (% a year)" error={errors.rate}>
            <input
              id={`${id}-rate`}
              type="number"
              inputMode="decimal"
              min={0.5}
              max={20}
              step={0.01}
              value={rate}
              aria-invalid={errors.rate ? true : undefined}
              aria-describedby={described(`${id}-rate`, errors.rate)}
              onChange={(e) => setRate(e.target.value)}
            />
          </Field>
          <Field id={`${id}-frequency`} label="Repayments" error={errors.frequency}>
            <select
              id={`${id}-frequency`}
              value={frequency}
              onChange={(e) => setFrequency(e.target.value as PaymentFrequency)}
            >
              <option value="week">Weekly</option>
              <option value="fortnight">Fortnightly</option>
              <option value="month">Monthly</option>
            </select>
          </Field>
          {preview !== null ? (
            <div className="journey-grid__wide">
              <FinanceFigures
                live
                figures={[
                  {
                    key: 'repayment',
                    label: 'Estimated repayment',
                    value: formatDollars(preview.repayment),
                    unit: perFrequency(frequency),
                  },
                  interestFigure(figures.rate),
                  comparisonFigure(preview.comparisonRate),
                ]}
              />
              {extras ? <p className="journey-field__hint">{extras}</p> : null}
              <ComparisonRateNote />
            </div>
          ) : null}
          <div className="journey-grid__wide">
            {applied ? (
              <p className="journey-done">
                Your pre-approval application has been sent to the dealer&apos;s finance team.
              </p>
            ) : (
              <label className="journey-check">
                <input
                  type="checkbox"
                  checked={apply}
                  onChange={(e) => setApply(e.target.checked)}
                />{' '}
                Apply for pre-approval: send these figures to the dealer&apos;s finance team
              </label>
            )}
          </div>
        </div>
      ) : null}
      <StepActions
        busy={busy}
        saveLabel="Save and continue"
        message={message}
        onSkip={() => void run({ finance: { choice: 'skipped' } })}
      />
    </form>
  );
}

/** What a refused valuation says: each field's message, else the answer's. */
function problem(result: { message: string; fields?: Record<string, string> }): string {
  const fields = Object.values(result.fields ?? {});
  return fields.length > 0 ? fields.join(' ') : result.message;
}

/** The valuation mini-flow: the car (rego or year, make and model), km and condition. */
function Valuer({
  options,
  onOffer,
}: {
  options: TradeInOptions;
  onOffer: (offer: { id: string; price: number; vehicle: string }) => void;
}) {
  const id = useId();
  const [rego, setRego] = useState('');
  const [regoState, setRegoState] = useState(options.states[0] ?? '');
  const [year, setYear] = useState(String(options.years[0] ?? ''));
  const [make, setMake] = useState(options.makes[0]?.make ?? '');
  const [model, setModel] = useState(options.makes[0]?.models[0] ?? '');
  const [kms, setKms] = useState('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const models = options.makes.find((m) => m.make === make)?.models ?? [];
  const value = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const km = Number(kms);
      let vehicle: Vehicle = { year: Number(year), make, model };
      if (options.lookup) {
        const found = await lookUp({ rego, regoState, kms: km });
        if (found.kind !== 'ok') return setMessage(problem(found));
        vehicle = found.value.vehicle;
      }
      const answered = options.questions.map((q: QuestionChoice) => ({
        id: q.id,
        answer: answers[q.id] ?? '',
      }));
      const result = await valuate({
        vehicle,
        kms: km,
        adjustmentAnswers: answered,
        ...(options.lookup ? { rego, regoState } : {}),
      });
      if (result.kind !== 'ok') return setMessage(problem(result));
      const v = result.value;
      if (v.outcome !== 'offer' || !v.id || typeof v.offer_price !== 'number')
        return setMessage(v.message ?? 'We could not make an online offer for this car.');
      onOffer({
        id: v.id,
        price: v.offer_price,
        vehicle: [v.vehicle.year, v.vehicle.make, v.vehicle.model].join(' '),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="journey-grid">
      {options.lookup ? (
        <>
          <Field id={`${id}-rego`} label="Rego">
            <input id={`${id}-rego`} value={rego} onChange={(e) => setRego(e.target.value)} />
          </Field>
          <Field id={`${id}-state`} label="State">
            <select
              id={`${id}-state`}
              value={regoState}
              onChange={(e) => setRegoState(e.target.value)}
            >
              {options.states.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </Field>
        </>
      ) : (
        <>
          <Field id={`${id}-year`} label="Year">
            <select id={`${id}-year`} value={year} onChange={(e) => setYear(e.target.value)}>
              {options.years.map((y) => (
                <option key={y}>{y}</option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-make`} label="Make">
            <select
              id={`${id}-make`}
              value={make}
              onChange={(e) => {
                setMake(e.target.value);
                setModel(options.makes.find((m) => m.make === e.target.value)?.models[0] ?? '');
              }}
            >
              {options.makes.map((m) => (
                <option key={m.make}>{m.make}</option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-model`} label="Model">
            <select id={`${id}-model`} value={model} onChange={(e) => setModel(e.target.value)}>
              {models.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
          </Field>
        </>
      )}
      <Field id={`${id}-kms`} label="Odometer (km)">
        <input
          id={`${id}-kms`}
          type="number"
          inputMode="numeric"
          min={0}
          value={kms}
          onChange={(e) => setKms(e.target.value)}
        />
      </Field>
      {options.questions.map((q) => (
        <fieldset key={q.id} className="journey-choice journey-grid__wide">
          <legend>{q.question}</legend>
          {q.answers.map((a) => (
            <label key={a.value}>
              <input
                type="radio"
                name={`${id}-${q.id}`}
                checked={answers[q.id] === a.value}
                onChange={() => setAnswers((all) => ({ ...all, [q.id]: a.value }))}
              />{' '}
              {a.label}
            </label>
          ))}
        </fieldset>
      ))}
      <div className="journey-grid__wide">
        {message ? (
          <p className="form-field__error" role="alert">
            {message}
          </p>
        ) : null}
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void value()}
        >
          Get my offer
        </button>
      </div>
    </div>
  );
}

/** Step 3: the online offer for the shopper's car attached, or no trade-in. */
export function TradeInStep({ journey, save }: { journey: Journey; save: SaveSteps }) {
  const id = useId();
  const chosen = journey.trade_in;
  const [choice, setChoice] = useState<'offer' | 'none'>(
    chosen?.choice === 'offer' ? 'offer' : 'none',
  );
  const [options, setOptions] = useState<TradeInOptions | null | 'loading'>('loading');
  const [offer, setOffer] = useState<{ id: string; price: number; vehicle: string } | null>(
    chosen?.choice === 'offer' && chosen.valuation_id && typeof chosen.offer_price === 'number'
      ? {
          id: chosen.valuation_id,
          price: chosen.offer_price,
          vehicle: chosen.vehicle ?? 'Your car',
        }
      : null,
  );
  const { busy, message, errors, run } = useStepSave(save, 'trade_in');
  useEffect(() => {
    fetchOptions()
      .then(setOptions)
      .catch(() => setOptions(null));
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run({
      trade_in:
        choice === 'none'
          ? { choice: 'none' }
          : { choice: 'offer', valuation_id: offer?.id ?? null },
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="journey-choice">
        <legend>Do you have a car to trade in?</legend>
        <label>
          <input
            type="radio"
            name={`${id}-choice`}
            checked={choice === 'offer'}
            disabled={options === null}
            onChange={() => setChoice('offer')}
          />{' '}
          Yes: attach my online offer
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-choice`}
            checked={choice === 'none'}
            onChange={() => setChoice('none')}
          />{' '}
          No trade-in
        </label>
      </fieldset>
      {options === null ? (
        <p className="journey-field__hint">
          Online valuations are not offered here: the dealer will value your car when you visit.
        </p>
      ) : null}
      {choice === 'offer' && options !== null && options !== 'loading' ? (
        offer ? (
          <p className="journey-done" role="status">
            Offer for {offer.vehicle}: <strong>{formatDollars(offer.price)}</strong>{' '}
            <button type="button" className="link-button" onClick={() => setOffer(null)}>
              Value another car
            </button>
          </p>
        ) : (
          <Valuer options={options} onOffer={setOffer} />
        )
      ) : null}
      {errors.valuation_id ? <p className="form-field__error">{errors.valuation_id}</p> : null}
      <StepActions
        busy={busy}
        saveLabel={choice === 'offer' ? 'Attach offer and continue' : 'Save and continue'}
        message={message}
        onSkip={() => void run({ trade_in: { choice: 'skipped' } })}
      />
    </form>
  );
}

/** The API's place is "{locality} {state}" ("Grafton NSW"); the car page names a place by
 *  its locality and postcode, so the state is left off. */
const TRAILING_STATE = / (?:ACT|NSW|NT|QLD|SA|TAS|VIC|WA)$/;

/** A chosen delivery in the car page's words: "$1,490 delivery to Grafton, 2460". */
export function deliverySentence(d: NonNullable<Journey['delivery']>): string {
  const locality = (d.place ?? '').trim().replace(TRAILING_STATE, '');
  return deliveryTo(d.fee ?? 0, locality, d.postcode ?? '', d.region ?? '');
}

/** Step 4: delivery to a postcode, or pick-up at the car's yard in a slot. */
export function DeliveryStep({
  journey,
  yard,
  save,
  today,
}: {
  journey: Journey;
  /** The car's location (slug and name), where it can be picked up; null when unknown. */
  yard: { slug: string; name: string } | null;
  save: SaveSteps;
  /** The first date a pick-up may be asked for (YYYY-MM-DD). */
  today: string;
}) {
  const id = useId();
  const chosen = journey.delivery;
  const [choice, setChoice] = useState<'delivery' | 'pickup'>(
    chosen?.choice === 'pickup' && yard ? 'pickup' : 'delivery',
  );
  const [postcode, setPostcode] = useState(chosen?.postcode ?? '');
  const [date, setDate] = useState(chosen?.date ?? '');
  const [time, setTime] = useState(chosen?.time?.slice(0, 5) ?? '');
  const [slots, setSlots] = useState<Schemas['Slot'][] | null>(null);
  const { busy, message, errors, run } = useStepSave(save, 'delivery');
  useEffect(() => {
    if (choice !== 'pickup' || !yard || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      setSlots(null);
      return;
    }
    const controller = new AbortController();
    appointmentSlots('/api/appointments', yard.slug, date, { signal: controller.signal })
      .then((r) => setSlots(r.ok && r.body ? r.body.slots : []))
      .catch(() => undefined);
    return () => controller.abort();
  }, [choice, yard, date]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run({
      delivery:
        choice === 'delivery'
          ? { choice: 'delivery', postcode }
          : { choice: 'pickup', location: yard?.slug ?? null, date, time },
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="journey-choice">
        <legend>How would you like to take the car?</legend>
        <label>
          <input
            type="radio"
            name={`${id}-choice`}
            checked={choice === 'delivery'}
            onChange={() => setChoice('delivery')}
          />{' '}
          Deliver it to my postcode
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-choice`}
            checked={choice === 'pickup'}
            disabled={!yard}
            onChange={() => setChoice('pickup')}
          />{' '}
          {yard ? `Pick it up at ${yard.name}` : 'Pick it up at the dealership'}
        </label>
      </fieldset>
      {choice === 'delivery' ? (
        <div className="journey-grid">
          <Field id={`${id}-postcode`} label="Postcode" error={errors.postcode}>
            <input
              id={`${id}-postcode`}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={4}
              value={postcode}
              aria-invalid={errors.postcode ? true : undefined}
              aria-describedby={described(`${id}-postcode`, errors.postcode)}
              onChange={(e) => setPostcode(e.target.value)}
            />
          </Field>
          {chosen?.choice === 'delivery' && typeof chosen.fee === 'number' ? (
            <p className="journey-done journey-grid__wide" role="status">
              {deliverySentence(chosen)}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="journey-grid">
          <Field id={`${id}-date`} label="Pick-up date" error={errors.date ?? errors.location}>
            <input
              id={`${id}-date`}
              type="date"
              min={today}
              value={date}
              aria-invalid={errors.date ? true : undefined}
              aria-describedby={described(`${id}-date`, errors.date ?? errors.location)}
              onChange={(e) => {
                setDate(e.target.value);
                setTime('');
              }}
            />
          </Field>
          <Field id={`${id}-time`} label="Pick-up time" error={errors.time}>
            <select
              id={`${id}-time`}
              value={time}
              disabled={!slots || slots.length === 0}
              aria-describedby={described(`${id}-time`, errors.time)}
              onChange={(e) => setTime(e.target.value)}
            >
              <option value="">
                {!date
                  ? 'Choose a date first'
                  : slots && slots.length === 0
                    ? 'No times that day'
                    : 'Choose a time'}
              </option>
              {(slots ?? []).map((s) => (
                <option key={s.time} value={s.time}>
                  {s.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
      )}
      <StepActions
        busy={busy}
        saveLabel="Save and continue"
        message={message}
        onSkip={() => void run({ delivery: { choice: 'skipped' } })}
      />
    </form>
  );
}

/** "Tuesday 24 November 2026" of a YYYY-MM-DD date (as written when it is not one). */
function longDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00`);
  return Number.isNaN(parsed.getTime())
    ? date
    : parsed.toLocaleDateString('en-AU', { dateStyle: 'full' });
}

const FREQUENCY_WORD: Record<PaymentFrequency, string> = {
  week: 'weekly',
  fortnight: 'fortnightly',
  month: 'monthly',
};

/** What the shopper chose at `step`, in words (the order is sent: nothing to change). */
function chosenText(journey: Journey, step: StepKey): string {
  const skipped = 'Skipped: to talk about with the dealer.';
  if (step === 'finance') {
    const f = journey.finance;
    if (!f) return 'Not chosen.';
    if (f.choice === 'cash') return 'Paying cash.';
    if (f.choice === 'skipped') return skipped;
    const parts = [
      `Finance over ${f.term_years ? termText(f.term_years, false) : '? years'} at ${f.rate ?? '?'}% a year`,
      f.frequency ? `${FREQUENCY_WORD[f.frequency]} repayments` : null,
      f.deposit ? `cash deposit ${formatDollars(f.deposit)}` : null,
    ].filter(Boolean);
    const applied = f.application_lead_id
      ? ' Pre-approval application sent to the finance team.'
      : '';
    return `${parts.join(', ')}.${applied}`;
  }
  if (step === 'trade_in') {
    const t = journey.trade_in;
    if (!t) return 'Not chosen.';
    if (t.choice === 'none') return 'No trade-in.';
    if (t.choice === 'skipped') return skipped;
    const price = typeof t.offer_price === 'number' ? formatDollars(t.offer_price) : '';
    return `Online offer for ${t.vehicle ?? 'your car'}: ${price}.`;
  }
  const d = journey.delivery;
  if (!d) return 'Not chosen.';
  if (d.choice === 'skipped') return skipped;
  if (d.choice === 'delivery') {
    return `${deliverySentence(d)}.`;
  }
  const when = [d.date ? longDate(d.date) : null, d.time ? `at ${d.time.slice(0, 5)}` : null]
    .filter(Boolean)
    .join(' ');
  return `Pick-up at ${d.location_name ?? d.location ?? 'the dealership'}${when ? ` on ${when}` : ''}.`;
}

/** A step as it was sent with the order, read-only. */
export function ChosenStep({ journey, step }: { journey: Journey; step: StepKey }) {
  return <p className="journey-chosen">{chosenText(journey, step)}</p>;
}
