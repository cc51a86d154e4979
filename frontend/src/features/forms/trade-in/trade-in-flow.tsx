import { useEffect, useReducer, useRef, type FormEvent, type ReactNode } from 'react';
import { EVENT_OFFER_ACCEPTED, EVENT_TRADE_IN_ESTIMATE, trackEvent } from '../../../lib/analytics';
import type { FieldView } from '../../../types/generated/FieldView';
import type { FormPageView } from '../../../types/generated/FormPageView';
import { MESSAGES } from '../../../types/generated/messages';
import { FormField } from '../form-field';
import { idempotencyKey, postLead } from '../lead-client';
import { initialValues, type BrowserContext } from '../lead-payload';
import { recordStoredForm, SUCCESS_PATH } from '../success';
import { loadDetails, saveDetails } from '../user-details';
import { TERMS_FIELD, validateStep, type FieldError, type FieldValue } from '../validation';
import { initialTradeInState, tradeInReducer } from './trade-in-state';
import { ConditionQuestion } from './condition-question';
import { OfferSummary } from './offer-summary';
import {
  fetchOptions,
  lookUp,
  saveValuation,
  valuate,
  type ApiResult,
  type TradeInOptions,
} from './trade-in-client';
import {
  acceptPayload,
  adjustmentAnswers,
  carErrors,
  carIdOf,
  conditionErrors,
  CONTACT_FIELDS,
  enquiryView,
  formatDollars,
  formatKms,
  lookupBody,
  vehicleName,
  type CarInput,
} from './trade-in-steps';
import './trade-in.css';
import { FormBanner } from '../form-banner';
import { fieldView } from '../field-view';

/** The steps of the flow, in order. */
const STEP_TITLES = ['Your Car', 'Condition', 'Your Offer'] as const;

interface Props {
  /** The trade-in form page (its contact fields, locations, terms, category, thank-you). */
  view: FormPageView;
  /** The site's dealer slug, sent as dealership_slug. */
  dealershipSlug: string;
  /** The ordinary trade-in enquiry: shown until the options say valuations are on, when
   *  there is no online estimate (prefilled with the car), or when the shopper prefers it. */
  renderEnquiry: (view: FormPageView) => ReactNode;
  /** Overrides the browser's location and user agent (tests). */
  browser?: () => BrowserContext;
  /** Goes to the success page (tests replace it). */
  navigate?: (path: string) => void;
  /** The time (tests). */
  now?: () => Date;
}

function browserContext(): BrowserContext {
  return {
    url: window.location.href,
    userAgent: window.navigator.userAgent,
    query: new URLSearchParams(window.location.search),
  };
}

const goTo = (path: string) => window.location.assign(path);

const field = fieldView;

/** The fields of the "Your Car" step, named by the API's keys. */
function carFields(options: TradeInOptions, make: string): FieldView[] {
  const m = options.messages;
  const kms = field('kms', 'Odometer', 'number', {
    required_message: m.kms_required,
    suffix: 'kms',
    max_length: 11,
    placeholder: 'e.g. 45,000',
  });
  if (options.lookup) {
    return [
      field('rego', 'Rego', 'text', {
        required_message: m.rego_required,
        max_length: 12,
        autocomplete: 'off',
      }),
      field('regoState', 'Rego state', 'select', {
        options: options.states,
        default_value: options.default_state,
      }),
      kms,
    ];
  }
  const models = options.makes.find((entry) => entry.make === make)?.models ?? [];
  return [
    field('vehicle.year', 'Year', 'select', {
      required_message: m.year_required,
      options: options.years.map(String),
    }),
    field('vehicle.make', 'Make', 'select', {
      required_message: m.make_required,
      options: options.makes.map((entry) => entry.make),
    }),
    field('vehicle.model', 'Model', 'select', {
      required_message: m.model_required,
      options: models,
    }),
    kms,
  ];
}

/** The car input's value of an API field key. */
const CAR_KEYS: Record<string, keyof CarInput> = {
  rego: 'rego',
  regoState: 'regoState',
  'vehicle.year': 'year',
  'vehicle.make': 'make',
  'vehicle.model': 'model',
  kms: 'kms',
};

/** The online trade-in valuation (seed 001 s3/s4/s5/s7): 1. Your Car (rego and state,
 *  or year, make and model), 2. Condition (the adjustment questions), 3. Your Offer (the
 *  offer and the contact details); accepting sends the lead with '3. Offer Accepted' and
 *  offer_accepted true and goes to /success. A car over 7 years or 100,000 km, or one
 *  without an online estimate, is told so and gets the ordinary enquiry, prefilled. */
export function TradeInFlow({
  view,
  dealershipSlug,
  renderEnquiry,
  browser = browserContext,
  navigate = goTo,
  now = () => new Date(),
}: Props) {
  const formId = view.form_id;
  // What the flow shows, and its moves (trade-in-state.ts).
  const [state, dispatch] = useReducer(tradeInReducer, view, (v) =>
    initialTradeInState(initialValues(v)),
  );
  const { options, mode, step, car, found, answers, offer, contact } = state;
  const { errors, banner, failure, busy, focus, enquiryKey } = state;
  const touched = useRef(false);
  const key = useRef<string | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const stepRef = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    void fetchOptions().then((usable) => {
      if (live) dispatch({ type: 'options', usable, typed: touched.current });
    });
    dispatch({ type: 'details', details: loadDetails() });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!focus) return;
    const element = { banner: bannerRef, failure: failureRef, step: stepRef, notice: noticeRef }[
      focus.target
    ].current;
    element?.focus();
  }, [focus]);

  const showErrors = (problems: FieldError[], heading: string = MESSAGES.PLEASE_FIX_ERRORS) =>
    dispatch({ type: 'invalid', problems, heading });

  /** Shows an API answer that is not the happy path; true when it was one. */
  function refused<T>(result: ApiResult<T>): result is Exclude<ApiResult<T>, { kind: 'ok' }> {
    if (result.kind === 'invalid') {
      showErrors(
        Object.entries(result.fields).map(([name, message]) => ({ name, message })),
        result.message,
      );
      return true;
    }
    if (result.kind === 'failed') {
      dispatch({ type: 'failed', message: result.message });
      return true;
    }
    return false;
  }

  const toEnquiry = (notice: string | null) => dispatch({ type: 'to-enquiry', notice });
  const startFlow = () => dispatch({ type: 'start-flow' });
  const goToStep = (index: number) => dispatch({ type: 'go-to-step', index });

  async function submitCar() {
    if (!options) return;
    const problems = carErrors(car, options);
    if (problems.length > 0) return showErrors(problems);
    dispatch({ type: 'sending' });
    const result = await lookUp(lookupBody(car, options));
    dispatch({ type: 'answered' });
    if (refused(result)) return;
    if (result.kind !== 'ok') return;
    const answer = result.value;
    if (answer.outcome !== 'ready') return toEnquiry(answer.message ?? null);
    dispatch({ type: 'found', answer });
  }

  async function submitCondition() {
    if (!options || !found) return;
    const missing = conditionErrors(answers, options.questions);
    if (missing.length > 0) return showErrors(missing);
    dispatch({ type: 'sending' });
    const result = await valuate({
      vehicle: found.vehicle,
      kms: found.kms,
      adjustmentAnswers: adjustmentAnswers(answers, options.questions),
      ...(found.rego ? { rego: found.rego, regoState: found.regoState ?? undefined } : {}),
    });
    dispatch({ type: 'answered' });
    if (refused(result)) return;
    if (result.kind !== 'ok') return;
    const valuation = result.value;
    // The API writes an absent figure as null; `== null` also covers a field left out.
    if (valuation.outcome !== 'offer' || valuation.offer_price == null || valuation.id == null)
      return toEnquiry(valuation.message ?? null);
    // Seed 001 s7: 26 tracks a trade-in estimate.
    trackEvent(EVENT_TRADE_IN_ESTIMATE);
    if (options.save_valuations) void saveValuation(valuation, carIdOf(browser().query));
    dispatch({
      type: 'offered',
      offer: { ...valuation, offer_price: valuation.offer_price, id: valuation.id },
    });
  }

  const contactFields = view.steps
    .flatMap((s) => s.fields)
    .filter((f) => CONTACT_FIELDS.includes(f.name));

  async function accept() {
    if (!options || !offer) return;
    const problems = validateStep(
      contactFields,
      contact,
      view.terms,
      contact[TERMS_FIELD] === true,
    );
    if (problems.length > 0) return showErrors(problems);
    dispatch({ type: 'sending' });
    key.current ??= idempotencyKey();
    const payload = acceptPayload(
      view,
      dealershipSlug,
      contact,
      offer,
      adjustmentAnswers(answers, options.questions),
      options,
      browser(),
    );
    const result = await postLead(view.api_path, payload, key.current);
    if (result.kind === 'stored') {
      saveDetails(contact);
      // Recorded like every stored form, under seed 001 s7's event 18 (offer accepted)
      // and with the offer in the success text.
      const text = `You accepted our offer of ${formatDollars(offer.offer_price)} for your ${vehicleName(offer.vehicle)}. ${view.thank_you.text}`;
      const accepted: FormPageView = {
        ...view,
        event_id: EVENT_OFFER_ACCEPTED,
        thank_you: { ...view.thank_you, text },
      };
      recordStoredForm(accepted, contact, { leadId: result.leadId, reservation: null }, now());
      navigate(SUCCESS_PATH);
      return;
    }
    dispatch({ type: 'answered' });
    if (result.kind === 'invalid') {
      key.current = null;
      showErrors(
        Object.entries(result.fields).map(([name, message]) => ({ name, message })),
        result.message,
      );
    } else {
      dispatch({ type: 'failed', message: result.message });
    }
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    void [submitCar, submitCondition, accept][step]?.();
  }

  if (mode.kind !== 'flow' || !options) {
    const enquiry =
      mode.kind === 'enquiry' && (mode.notice !== null || enquiryKey > 0)
        ? enquiryView(view, car)
        : view;
    return (
      <div className="trade-in" onInput={() => (touched.current = true)}>
        {mode.kind === 'enquiry' && mode.notice ? (
          <div className="trade-in__notice" role="status" tabIndex={-1} ref={noticeRef}>
            <p>{mode.notice}</p>
          </div>
        ) : null}
        {mode.kind === 'enquiry' && options ? (
          <p className="trade-in__switch">
            <button type="button" className="button button--secondary" onClick={startFlow}>
              {mode.notice ? 'Value another car' : options.start_label}
            </button>
          </p>
        ) : null}
        <div key={enquiryKey}>{renderEnquiry(enquiry)}</div>
      </div>
    );
  }

  const onCar = (name: string, value: FieldValue) => {
    const input = CAR_KEYS[name];
    if (!input || typeof value !== 'string') return;
    dispatch({ type: 'car', name, input, value });
  };
  const onAnswer = (id: string, value: string) => dispatch({ type: 'answer', id, value });
  const onContact = (name: string, value: FieldValue) => dispatch({ type: 'contact', name, value });
  const formatOdometer = () => dispatch({ type: 'odometer' });

  const title = STEP_TITLES[step] ?? STEP_TITLES[0];
  const termsField = view.terms
    ? field(TERMS_FIELD, view.terms.label, 'checkbox', { required_message: view.terms.message })
    : null;
  const submitLabel = ['Next', 'Get My Offer', 'Accept Offer'][step];
  return (
    <section className="trade-in" aria-labelledby={`${formId}-step`}>
      <ol className="trade-in__steps">
        {STEP_TITLES.map((name, i) => (
          <li
            key={name}
            className={i === step ? 'trade-in__step trade-in__step--current' : 'trade-in__step'}
            aria-current={i === step ? 'step' : undefined}
          >
            {i + 1}. {name}
          </li>
        ))}
      </ol>
      <form
        id={formId}
        className="lead-form trade-in__form"
        noValidate
        onSubmit={submit}
        // Leaving the odometer puts the thousand separators in (seed 001 s5).
        onBlur={(event) => {
          const target: EventTarget = event.target;
          if (target instanceof HTMLInputElement && target.name === 'kms') formatOdometer();
        }}
        aria-busy={busy}
        aria-labelledby={`${formId}-step`}
      >
        <h2 className="lead-form__heading" id={`${formId}-step`} ref={stepRef} tabIndex={-1}>
          {step + 1}. {title}{' '}
          <span className="lead-form__progress">
            (Step {step + 1} of {STEP_TITLES.length})
          </span>
        </h2>
        {banner ? <FormBanner banner={banner} bannerRef={bannerRef} /> : null}
        {step === 0 ? (
          <>
            <p className="lead-form__note">
              {options.lookup
                ? 'Enter your rego and we will look your car up.'
                : "Choose your car's year, make and model."}{' '}
              Fields marked * are required.
            </p>
            {carFields(options, car.make).map((f) => (
              <FormField
                key={f.name}
                formId={formId}
                field={f}
                value={car[CAR_KEYS[f.name] ?? 'kms']}
                error={errors[f.name]}
                locations={[]}
                onChange={onCar}
              />
            ))}
          </>
        ) : null}
        {step === 1 && found ? (
          <>
            <p className="lead-form__note">
              Your {vehicleName(found.vehicle)} with {formatKms(found.kms)} kms. Tell us about its
              condition.
            </p>
            {options.questions.map((q) => (
              <ConditionQuestion
                key={q.id}
                formId={formId}
                question={q}
                value={answers[q.id] ?? ''}
                error={errors[`adjustmentAnswers.${q.id}`]}
                onChange={onAnswer}
              />
            ))}
          </>
        ) : null}
        {step === 2 && offer ? (
          <>
            <OfferSummary valuation={offer} questions={options.questions} />
            <p className="lead-form__note">
              To accept the offer, tell us how to reach you. Fields marked * are required.
            </p>
            {contactFields.map((f) => (
              <FormField
                key={f.name}
                formId={formId}
                field={f}
                value={contact[f.name] ?? ''}
                error={errors[f.name]}
                locations={view.locations}
                onChange={onContact}
              />
            ))}
            {termsField ? (
              <>
                <FormField
                  formId={formId}
                  field={termsField}
                  value={contact[TERMS_FIELD] === true}
                  error={errors[TERMS_FIELD]}
                  locations={[]}
                  onChange={onContact}
                />
                {view.terms?.url ? (
                  <p className="lead-form__note">
                    <a href={view.terms.url}>Read the terms of use</a>
                  </p>
                ) : null}
              </>
            ) : null}
          </>
        ) : null}
        {failure ? (
          <div className="form-failure" role="alert" tabIndex={-1} ref={failureRef}>
            <p>{failure}</p>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => submit()}
            >
              Try again
            </button>
          </div>
        ) : null}
        <div className="lead-form__actions">
          {step > 0 ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => goToStep(step - 1)}
            >
              Back
            </button>
          ) : null}
          <button type="submit" className="button" disabled={busy}>
            {busy ? (
              <>
                <span className="lead-form__spinner" aria-hidden="true" /> Sending…
              </>
            ) : (
              submitLabel
            )}
          </button>
          {step < 2 ? (
            <button type="button" className="link-button" onClick={() => toEnquiry(null)}>
              Send us your car's details instead
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
