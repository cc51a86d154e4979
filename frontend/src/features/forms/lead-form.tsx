import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import type { FieldView } from '../../types/generated/FieldView';
import type { FormPageView } from '../../types/generated/FormPageView';
import { MESSAGES } from '../../types/generated/messages';
import { dateRange } from './appointments-client';
import {
  applyDraft,
  clearDraft,
  DRAFT_DELAY_MS,
  draftKey,
  loadDraft,
  saveDraft,
  type Draft,
} from './drafts';
import { differsFromDefault, foldOptional } from './field-view';
import { errorId, fieldId, FormField } from './form-field';
import {
  confirmHold,
  idempotencyKey,
  postLead,
  SLOT_UNAVAILABLE_CODE,
  type LeadResult,
} from './lead-client';
import { APPOINTMENT_DATE_FIELD, APPOINTMENT_TIME_FIELD } from '../../types/generated/constants';
import {
  appointmentLocation,
  HONEYPOT_FIELD,
  initialValues,
  prefillFromQuery,
  stepPayload,
  type BrowserContext,
} from './lead-payload';
import { SlotPicker } from './slot-picker';
import { recordStoredForm, SUCCESS_PATH } from './success';
import { loadDetails, prefillDetails, saveDetails } from './user-details';
import { TERMS_FIELD, validateStep, type FieldValue } from './validation';
import { FormBanner } from './form-banner';
import { initialLeadFormState, leadFormReducer } from './lead-form-state';
import { loadSession } from '../account/session';
import { SignIn } from '../account/sign-in';
import { useHold } from '../vehicle/use-hold';
import { CardField } from '../payments/card-field';
import {
  authenticate,
  AUTHENTICATION_FAILED,
  CARD_NOT_READY,
  cardToken,
  PAYMENT_METHOD_FIELD,
  type CardHandle,
  type StripeLoader,
} from '../payments/card-payment';

function browserContext(): BrowserContext {
  return {
    url: window.location.href,
    userAgent: window.navigator.userAgent,
    query: new URLSearchParams(window.location.search),
  };
}

function goTo(path: string): void {
  window.location.assign(path);
}

/** The national digits of an Australian phone, as the API keeps them ('+61 412 345 678'
 *  and '0412 345 678' are both '0412345678'). */
export function phoneDigits(value: unknown): string {
  const digits = typeof value === 'string' ? value.replace(/\D/g, '') : '';
  return digits.length === 11 && digits.startsWith('61') ? `0${digits.slice(2)}` : digits;
}

/** What the code step says, by the API's code of a reservation whose phone is not the
 *  signed-in one (the API's own words). */
const PHONE_NOT_CONFIRMED = {
  phone_not_verified: MESSAGES.PHONE_NOT_VERIFIED,
  phone_not_signed_in: MESSAGES.PHONE_NOT_SIGNED_IN,
} as const;

function isPhoneNotConfirmed(code: string | null): code is keyof typeof PHONE_NOT_CONFIRMED {
  return code !== null && Object.hasOwn(PHONE_NOT_CONFIRMED, code);
}

/** The number a reservation needs confirmed, and why it is asked for. */
interface Confirming {
  phone: string;
  reason: string;
}

/** The path of a page address ('' when it is not one). */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

interface Props {
  view: FormPageView;
  /** The site's dealer slug, sent as dealership_slug. */
  dealershipSlug: string;
  /** Overrides the browser's location and user agent (tests). */
  browser?: () => BrowserContext;
  /** Opens a page once the form is stored (default: the browser goes there). */
  navigate?: (path: string) => void;
  /** The time (tests). */
  now?: () => Date;
  /** The signed-in shopper's verified phone, or null (a reservation prefills it). */
  verifiedPhone?: () => Promise<string | null>;
  /** Shows a failed submission's alert (default: the browser's alert). */
  alertFailure?: (message: string) => void;
  /** Makes the Stripe object of a card deposit (default: Stripe.js from the page's URL). */
  loadStripe?: StripeLoader;
}

function browserAlert(message: string): void {
  window.alert(message);
}

async function sessionPhone(): Promise<string | null> {
  const session = await loadSession();
  return session.status === 'signed-in' ? session.phone : null;
}

/** A lead form of any kind: validates each step with the seed's words, posts it to
 *  /api/leads (later steps carry the first step's lead id; a form that sends once does
 *  so on its last step), shows the server's field errors next to the fields, keeps the
 *  input and offers a retry when sending fails, and keeps a draft of what the shopper
 *  typed. Once the last step is stored the form fires its analytics event, records the
 *  enquiry and the car, saves the success marker and goes to /success (seed 001 s4). */
export function LeadForm({
  view,
  dealershipSlug,
  browser = browserContext,
  navigate = goTo,
  now = () => new Date(),
  verifiedPhone = sessionPhone,
  alertFailure = browserAlert,
  loadStripe,
}: Props) {
  // What the form shows, and its transitions (lead-form-state.ts).
  const [state, dispatch] = useReducer(leadFormReducer(view), view, (v) =>
    initialLeadFormState(initialValues(v)),
  );
  const { values, termsAccepted, stepIndex, errors, banner, failure, status, focus } = state;
  const { dates, slotReload, thanks } = state;
  const leadId = useRef<string | null>(null);
  // The idempotency key and the body it was made for: a retry of the same body reuses
  // it (nothing is stored twice), an edited body is another request and gets its own
  // (the API refuses a key reused with another body).
  const key = useRef<{ value: string; body: string } | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const stepRef = useRef<HTMLHeadingElement>(null);
  const thanksRef = useRef<HTMLElement>(null);
  const slotRef = useRef<HTMLFieldSetElement>(null);
  const slotLabels = useRef<Record<string, string>>({});
  // A card deposit: the mounted card field, its element, and the id Stripe.js gave the
  // card (kept for a retry of the same submission, dropped when the card changes).
  const cardHandle = useRef<CardHandle | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const cardId = useRef<string | null>(null);
  // The draft: where it is kept, whether the shopper has typed, and a write not yet made.
  const draftAt = useRef<string | null>(null);
  const typed = useRef(false);
  const pendingDraft = useRef<Draft | null>(null);
  // A reservation: a car held by someone else says so before the form is filled.
  const reservation = view.kind === 'reservation';
  const held = useHold(view.subject?.id ?? 0, reservation && view.subject !== null);
  // A hold paid at the dealership costs nothing, so the API takes it only under a phone
  // the shopper confirmed by signing in: the number typed is confirmed here first (a
  // card deposit needs no such step, the card's authorisation is the cost).
  const confirmsPhone = reservation && !view.card_payment;
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const confirm = (phone: unknown, reason: string) =>
    setConfirming({ phone: typeof phone === 'string' ? phone.trim() : '', reason });
  const confirmRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (confirming !== null) confirmRef.current?.focus();
  }, [confirming]);

  // After hydration: the URL's parameters, then the draft (what the shopper typed wins),
  // then the stored details fill the fields still empty; the date picker learns today.
  useEffect(() => {
    const context = browser();
    const at = pathOf(context.url);
    draftAt.current = at === '' ? null : draftKey(at, view.form_id);
    const draft = draftAt.current ? loadDraft(draftAt.current, view) : null;
    dispatch({
      type: 'hydrated',
      values: prefillDetails(
        applyDraft(prefillFromQuery(view, values, context.query), draft),
        loadDetails(),
      ),
      step: draft ? draft.step : null,
      dates: view.appointment ? dateRange(now(), view.appointment.horizon_days) : null,
    });
    if (draft) leadId.current = draft.leadId;
    // A reservation is made by a signed-in shopper: their verified phone is the one to
    // hold the car under, unless they have typed one already.
    if (reservation && view.steps.some((s) => s.fields.some((f) => f.name === 'phone'))) {
      void verifiedPhone().then((phone) => {
        if (phone && !typed.current) dispatch({ type: 'verified-phone', phone });
      });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: later renders must not overwrite what the shopper typed
  }, []);

  // A draft is written a moment after the last change, and at once when the page goes
  // away or the form closes.
  useEffect(() => {
    const where = draftAt.current;
    if (!typed.current || !where || status === 'done') return;
    const draft: Draft = { values, step: stepIndex, leadId: leadId.current };
    pendingDraft.current = draft;
    const timer = window.setTimeout(() => {
      pendingDraft.current = null;
      saveDraft(where, view, draft);
    }, DRAFT_DELAY_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `view` is fixed for the form's life; a draft follows what the shopper changes
  }, [values, stepIndex, status]);

  useEffect(() => {
    const flush = () => {
      const draft = pendingDraft.current;
      if (draft && draftAt.current) saveDraft(draftAt.current, view, draft);
      pendingDraft.current = null;
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: `view` is fixed for the form's life
  }, []);

  // "More details" opens for an error in it, and for what the URL, a draft or the stored
  // details put in it (the shopper should see what will be sent); after that it is theirs.
  const [moreOpen, setMoreOpen] = useState(false);
  const { asked, more } = foldOptional(view.kind, view.steps[stepIndex]?.fields ?? []);
  const foldedError = more.some((f) => errors[f.name] !== undefined);
  const foldedFilled = !typed.current && more.some((f) => differsFromDefault(f, values[f.name]));
  useEffect(() => {
    if (foldedError || foldedFilled) setMoreOpen(true);
  }, [foldedError, foldedFilled]);

  useEffect(() => {
    if (!focus) return;
    const element = {
      banner: bannerRef,
      failure: failureRef,
      step: stepRef,
      thanks: thanksRef,
      slot: slotRef,
      card: cardRef,
    }[focus.target].current;
    element?.focus();
  }, [focus]);

  const steps = view.steps;
  const step = steps[stepIndex] ?? { title: null, fields: [] };
  const last = stepIndex === steps.length - 1;
  const formId = view.form_id;
  const slotStep = steps.findIndex((s) => s.fields.some((f) => f.input === 'slot'));

  const onChange = (name: string, value: FieldValue) => {
    typed.current = true;
    // The time belongs to the list of one location and date.
    const resetsTime =
      view.appointment !== null && (name === 'location' || name === APPOINTMENT_DATE_FIELD);
    dispatch({ type: 'change', name, value, resetsTime });
  };

  /** Checks and sends the step; `confirmed` is the phone the shopper has just confirmed
   *  by signing in (a reservation paid at the dealership), sent as the reservation's. */
  async function submit(event?: FormEvent, confirmed?: string) {
    event?.preventDefault();
    if (status !== 'idle') return;
    const current = confirmed === undefined ? values : { ...values, phone: confirmed };
    const found = validateStep(
      step.fields,
      current,
      last ? view.terms : null,
      termsAccepted,
      view.appointment?.time_missing ?? null,
    );
    if (found.length > 0) return dispatch({ type: 'invalid', errors: found });
    // Seed 001 s4: the steps advance with next; the lead is sent on the last one.
    if (!last && view.send_on_last_step) return dispatch({ type: 'next' });
    dispatch({ type: 'submitting' });
    if (last && confirmsPhone && confirmed === undefined) {
      const signedIn = await verifiedPhone();
      if (!signedIn || phoneDigits(signedIn) !== phoneDigits(current.phone)) {
        dispatch({ type: 'confirm-phone' });
        return confirm(
          current.phone,
          signedIn ? MESSAGES.PHONE_NOT_SIGNED_IN : MESSAGES.PHONE_NOT_VERIFIED,
        );
      }
    }
    const payload = stepPayload(
      view,
      dealershipSlug,
      current,
      stepIndex,
      leadId.current,
      browser(),
    );
    // A card deposit: Stripe.js turns the card into an id; only that id is posted.
    const payment = last ? view.card_payment : null;
    if (payment) {
      const handle = cardHandle.current;
      if (!handle) return dispatch({ type: 'card-refused', message: CARD_NOT_READY });
      if (!cardId.current) {
        const token = await cardToken(handle);
        if (!token.ok) return dispatch({ type: 'card-refused', message: token.message });
        cardId.current = token.id;
      }
      payload[PAYMENT_METHOD_FIELD] = cardId.current;
    }
    const body = JSON.stringify(payload);
    if (key.current?.body !== body) key.current = { value: idempotencyKey(), body };
    let result: LeadResult = await postLead(view.api_path, payload, key.current.value);
    // 3-D Secure: the bank's check in Stripe.js, then the server learns how it went.
    if (result.kind === 'stored' && result.reservation?.status === 'requires_action') {
      const stripe = cardHandle.current?.stripe;
      const secret = result.reservation.clientSecret;
      const problem = stripe && secret ? await authenticate(stripe, secret) : AUTHENTICATION_FAILED;
      const confirmed = await confirmHold(result.leadId);
      result =
        problem && confirmed.kind === 'failed'
          ? { kind: 'invalid', message: problem, fields: { [PAYMENT_METHOD_FIELD]: problem } }
          : confirmed;
    }
    if (result.kind === 'stored') {
      key.current = null;
      leadId.current = result.leadId;
      saveDetails(current);
      if (last) {
        pendingDraft.current = null;
        if (draftAt.current) clearDraft(draftAt.current);
        const marker = recordStoredForm(
          view,
          values,
          { leadId: result.leadId, reservation: result.reservation },
          now(),
          slotLabels.current,
        );
        dispatch({ type: 'stored', last: true, thanks: marker.text });
        navigate(SUCCESS_PATH);
      } else {
        dispatch({ type: 'stored', last: false, thanks: null });
      }
      return;
    }
    const cardProblem = result.kind === 'invalid' ? result.fields[PAYMENT_METHOD_FIELD] : undefined;
    if (result.kind === 'invalid' && cardProblem && Object.keys(result.fields).length === 1) {
      // Declined (402) or not authenticated: the hold is released, so the car can be
      // reserved again with another card, as a new submission.
      key.current = null;
      cardId.current = null;
      dispatch({ type: 'card-refused', message: cardProblem });
    } else if (result.kind === 'invalid') {
      // Nothing was stored: a corrected submission is a new one.
      key.current = null;
      cardId.current = null;
      // The appointment's errors are named as the API's appointment object names them.
      const aliases: Record<string, string> = view.appointment
        ? { date: APPOINTMENT_DATE_FIELD, time: APPOINTMENT_TIME_FIELD }
        : {};
      const fields = Object.fromEntries(
        Object.entries(result.fields).map(([name, message]) => [aliases[name] ?? name, message]),
      );
      const posted = view.send_on_last_step ? steps.map((_, i) => i) : [stepIndex];
      const at = posted.find((i) => steps[i]?.fields.some((f) => f.name in fields)) ?? stepIndex;
      dispatch({
        type: 'refused',
        at,
        known: [...(steps[at]?.fields ?? []).map((f) => f.name), PAYMENT_METHOD_FIELD],
        fields,
        heading: result.message,
        items: Object.values(result.fields),
      });
    } else if (confirmsPhone && isPhoneNotConfirmed(result.code)) {
      // The session ended, or is another phone's: confirm the number, then send again.
      key.current = null;
      dispatch({ type: 'confirm-phone' });
      confirm(current.phone, PHONE_NOT_CONFIRMED[result.code]);
    } else if (result.code === SLOT_UNAVAILABLE_CODE && slotStep >= 0) {
      // Taken meanwhile: nothing was stored. Back to the times, freshly loaded.
      key.current = null;
      dispatch({ type: 'slot-taken', slotStep, message: result.message });
    } else {
      // Seed 001 s8: "Form submit failure: browser alert 'An error occurred when
      // submitting this form'"; the inline message (with its retry) stays as well.
      alertFailure(MESSAGES.FORM_SUBMIT_ERROR);
      dispatch({ type: 'failed', message: result.message });
    }
  }

  if (status === 'done') {
    return (
      <section
        className="form-thanks"
        ref={thanksRef}
        tabIndex={-1}
        aria-labelledby={`${formId}-thanks`}
      >
        <h2 id={`${formId}-thanks`}>{view.thank_you.title}</h2>
        <p>{thanks ?? view.thank_you.text}</p>
      </section>
    );
  }

  const renderField = (field: FieldView) => {
    if (field.input === 'slot') {
      if (!view.appointment) return null;
      const date = values[APPOINTMENT_DATE_FIELD];
      const time = values[field.name];
      return (
        <SlotPicker
          key={field.name}
          ref={slotRef}
          formId={formId}
          field={field}
          apiPath={view.appointment.api_path}
          visit={view.appointment.visit}
          location={appointmentLocation(view, values)}
          date={typeof date === 'string' ? date : ''}
          value={typeof time === 'string' ? time : ''}
          error={errors[field.name]}
          reload={slotReload}
          onChange={onChange}
          onSlots={(labels) => {
            slotLabels.current = { ...slotLabels.current, ...labels };
          }}
        />
      );
    }
    return (
      <FormField
        key={field.name}
        formId={formId}
        field={field}
        value={values[field.name] ?? ''}
        error={errors[field.name]}
        locations={view.locations}
        dealerships={view.dealerships}
        onChange={onChange}
        dateRange={dates}
      />
    );
  };

  const termsError = errors[TERMS_FIELD];
  const stepLabel = steps.length > 1 ? `Step ${stepIndex + 1} of ${steps.length}` : null;
  if (held) {
    // Held by someone else: the API would refuse the reservation, so the form is not
    // offered; the car's page has its enquiry form.
    return (
      <div className="form-held" role="alert">
        <p>
          {MESSAGES.CAR_ALREADY_RESERVED} Its hold may end: enquire on the car's page and we will
          let you know.
        </p>
        {view.car ? (
          <p>
            <a className="button" href={view.car.path}>
              Back to {view.car.name}
            </a>
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <>
      {confirming !== null ? (
        <section
          className="lead-form__confirm"
          ref={confirmRef}
          tabIndex={-1}
          aria-labelledby={`${formId}-confirm`}
        >
          <h2 id={`${formId}-confirm`}>Confirm your mobile number</h2>
          <SignIn
            reason={confirming.reason}
            phone={confirming.phone}
            onSignedIn={(phone) => {
              setConfirming(null);
              dispatch({ type: 'verified-phone', phone });
              void submit(undefined, phone);
            }}
          />
          <p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setConfirming(null)}
            >
              Back to my details
            </button>
          </p>
        </section>
      ) : null}
      <form
        id={formId}
        className="lead-form"
        hidden={confirming !== null}
        noValidate
        onSubmit={submit}
        aria-busy={status === 'submitting'}
        aria-label={view.title}
      >
        {stepLabel ? (
          <h2 className="lead-form__heading" ref={stepRef} tabIndex={-1}>
            {step.title} <span className="lead-form__progress">({stepLabel})</span>
          </h2>
        ) : null}
        {banner ? <FormBanner banner={banner} bannerRef={bannerRef} /> : null}
        {/* The note explains the asterisk: only where a field of this step has one. */}
        {step.fields.some((f) => f.required_message !== null && f.input !== 'hidden') ||
        (last && view.terms) ? (
          <p className="lead-form__note">Fields marked * are required.</p>
        ) : null}
        {asked.map(renderField)}
        {more.length > 0 ? (
          <details
            className="lead-form__more"
            open={moreOpen}
            onToggle={(event) => setMoreOpen(event.currentTarget.open)}
          >
            <summary>
              More details <span className="lead-form__more-note">(optional)</span>
            </summary>
            <div className="lead-form__more-fields">{more.map(renderField)}</div>
          </details>
        ) : null}
        <div className="form-honeypot" aria-hidden="true">
          <label htmlFor={fieldId(formId, HONEYPOT_FIELD)}>Leave this field empty</label>
          <input
            id={fieldId(formId, HONEYPOT_FIELD)}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={typeof values[HONEYPOT_FIELD] === 'string' ? values[HONEYPOT_FIELD] : ''}
            onChange={(e) => onChange(HONEYPOT_FIELD, e.target.value)}
          />
        </div>
        {last && view.card_payment ? (
          <CardField
            ref={cardRef}
            formId={formId}
            payment={view.card_payment}
            error={errors[PAYMENT_METHOD_FIELD]}
            load={loadStripe}
            onReady={(handle) => {
              cardHandle.current = handle;
              cardId.current = null;
            }}
            onEdit={() => {
              cardId.current = null;
              dispatch({ type: 'card-edited' });
            }}
          />
        ) : null}
        {last && view.terms ? (
          <div className="form-field form-field--checkbox">
            <input
              id={fieldId(formId, TERMS_FIELD)}
              type="checkbox"
              required
              checked={termsAccepted}
              aria-invalid={termsError ? true : undefined}
              aria-describedby={termsError ? errorId(formId, TERMS_FIELD) : undefined}
              onChange={(e) => dispatch({ type: 'terms', accepted: e.target.checked })}
            />
            <label htmlFor={fieldId(formId, TERMS_FIELD)}>
              {view.terms.label} (<a href={view.terms.url}>read the terms</a>)
              <span aria-hidden="true"> *</span>
            </label>
            {termsError ? (
              <p className="form-field__error" id={errorId(formId, TERMS_FIELD)}>
                {termsError}
              </p>
            ) : null}
          </div>
        ) : null}
        {failure ? (
          <div className="form-failure" role="alert" tabIndex={-1} ref={failureRef}>
            <p>{failure}</p>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => void submit()}
            >
              Try again
            </button>
          </div>
        ) : null}
        <div className="lead-form__actions">
          {/* Every step after the first can go back: a form that sends each step updates
            the same lead (it carries lead_id) when an earlier step is sent again. */}
          {stepIndex > 0 ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={status === 'submitting'}
              onClick={() => dispatch({ type: 'back' })}
            >
              Back
            </button>
          ) : null}
          <button type="submit" className="button" disabled={status === 'submitting'}>
            {status === 'submitting' ? (
              <>
                <span className="lead-form__spinner" aria-hidden="true" /> Sending…
              </>
            ) : last ? (
              view.submit_label
            ) : (
              view.next_label
            )}
          </button>
        </div>
        {/* Every form collects personal details: say where their handling is described. */}
        <p className="lead-form__privacy">
          We handle your details as our <a href={view.privacy_url}>privacy policy</a> describes.
        </p>
      </form>
    </>
  );
}
