import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FormPageView } from '../../types/generated/FormPageView';
import { MESSAGES } from '../../types/generated/messages';
import { errorId, fieldId, FormField } from './form-field';
import { idempotencyKey, postLead } from './lead-client';
import { HONEYPOT_FIELD, initialValues, prefillFromQuery, stepPayload, type BrowserContext } from './lead-payload';
import { loadDetails, prefillDetails, saveDetails } from './user-details';
import { TERMS_FIELD, validateStep, type Values } from './validation';

type Status = 'idle' | 'submitting' | 'done';
type FocusTarget = 'banner' | 'failure' | 'step' | 'thanks';

interface Banner {
  heading: string;
  items: string[];
}

function browserContext(): BrowserContext {
  return { url: window.location.href, userAgent: window.navigator.userAgent, query: new URLSearchParams(window.location.search) };
}

interface Props {
  view: FormPageView;
  /** The site's dealer slug, sent as dealership_slug. */
  dealershipSlug: string;
  /** Overrides the browser's location and user agent (tests). */
  browser?: () => BrowserContext;
}

/** A lead form of any kind: validates each step with the seed's words, posts it to
 *  /api/leads (later steps carry the first step's lead id), shows the server's field
 *  errors next to the fields, keeps the input and offers a retry when sending fails, and
 *  replaces itself with the thank-you message once the last step is stored. */
export function LeadForm({ view, dealershipSlug, browser = browserContext }: Props) {
  const [values, setValues] = useState<Values>(() => initialValues(view));
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [stepIndex, setStepIndex] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<Banner | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [focus, setFocus] = useState<{ target: FocusTarget; seq: number } | null>(null);
  const leadId = useRef<string | null>(null);
  const key = useRef<string | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const stepRef = useRef<HTMLHeadingElement>(null);
  const thanksRef = useRef<HTMLElement>(null);

  // After hydration: the URL's parameters, then the stored details, fill empty fields.
  useEffect(() => {
    setValues((current) => prefillDetails(prefillFromQuery(view, current, browser().query), loadDetails()));
    // Once, on mount: later renders must not overwrite what the shopper typed.
  }, []);

  useEffect(() => {
    if (!focus) return;
    const element = { banner: bannerRef, failure: failureRef, step: stepRef, thanks: thanksRef }[focus.target].current;
    element?.focus();
  }, [focus]);

  const requestFocus = (target: FocusTarget) => setFocus((f) => ({ target, seq: (f?.seq ?? 0) + 1 }));
  const steps = view.steps;
  const step = steps[stepIndex] ?? { title: null, fields: [] };
  const last = stepIndex === steps.length - 1;
  const formId = view.form_id;

  const onChange = (name: string, value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (status !== 'idle') return;
    const found = validateStep(step.fields, values, last ? view.terms : null, termsAccepted);
    if (found.length > 0) {
      setErrors(Object.fromEntries(found.map((e) => [e.name, e.message])));
      setBanner({ heading: MESSAGES.PLEASE_FIX_ERRORS, items: found.map((e) => e.message) });
      setFailure(null);
      requestFocus('banner');
      return;
    }
    setErrors({});
    setBanner(null);
    setFailure(null);
    setStatus('submitting');
    key.current ??= idempotencyKey();
    const payload = stepPayload(view, dealershipSlug, values, stepIndex, leadId.current, browser());
    const result = await postLead(view.api_path, payload, key.current);
    if (result.kind === 'stored') {
      key.current = null;
      leadId.current = result.leadId;
      saveDetails(values);
      if (last) {
        setStatus('done');
        requestFocus('thanks');
      } else {
        setStepIndex(stepIndex + 1);
        setStatus('idle');
        requestFocus('step');
      }
      return;
    }
    setStatus('idle');
    if (result.kind === 'invalid') {
      // Nothing was stored: a corrected submission is a new one.
      key.current = null;
      const known = new Set(step.fields.map((f) => f.name));
      setErrors(Object.fromEntries(Object.entries(result.fields).filter(([name]) => known.has(name))));
      setBanner({ heading: result.message, items: Object.values(result.fields) });
      requestFocus('banner');
    } else {
      setFailure(result.message);
      requestFocus('failure');
    }
  }

  if (status === 'done') {
    return (
      <section className="form-thanks" ref={thanksRef} tabIndex={-1} aria-labelledby={`${formId}-thanks`}>
        <h2 id={`${formId}-thanks`}>{view.thank_you.title}</h2>
        <p>{view.thank_you.text}</p>
      </section>
    );
  }

  const termsError = errors[TERMS_FIELD];
  const stepLabel = steps.length > 1 ? `Step ${stepIndex + 1} of ${steps.length}` : null;
  return (
    <form id={formId} className="lead-form" noValidate onSubmit={submit} aria-busy={status === 'submitting'} aria-label={view.title}>
      {stepLabel ? (
        <h2 className="lead-form__heading" ref={stepRef} tabIndex={-1}>
          {step.title} <span className="lead-form__progress">({stepLabel})</span>
        </h2>
      ) : null}
      {banner ? (
        <div className="form-banner" role="alert" tabIndex={-1} ref={bannerRef}>
          <p className="form-banner__heading">{banner.heading}</p>
          <ul>
            {banner.items.map((item, i) => (
              <li key={`${i}-${item}`}>{item}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="lead-form__note">Fields marked * are required.</p>
      {step.fields.map((field) => (
        <FormField
          key={field.name}
          formId={formId}
          field={field}
          value={values[field.name] ?? ''}
          error={errors[field.name]}
          locations={view.locations}
          onChange={onChange}
        />
      ))}
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
      {last && view.terms ? (
        <div className="form-field form-field--checkbox">
          <input
            id={fieldId(formId, TERMS_FIELD)}
            type="checkbox"
            required
            checked={termsAccepted}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? errorId(formId, TERMS_FIELD) : undefined}
            onChange={(e) => {
              setTermsAccepted(e.target.checked);
              if (termsError) setErrors(({ [TERMS_FIELD]: _, ...rest }) => rest);
            }}
          />
          <label htmlFor={fieldId(formId, TERMS_FIELD)}>
            {view.terms.url ? (
              <>
                {view.terms.label} (<a href={view.terms.url}>read the terms</a>)
              </>
            ) : (
              view.terms.label
            )}
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
          <button type="button" className="button button--secondary button--small" onClick={() => void submit()}>
            Try again
          </button>
        </div>
      ) : null}
      <div className="lead-form__actions">
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
    </form>
  );
}
