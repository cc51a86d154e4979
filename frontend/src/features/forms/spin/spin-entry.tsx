import { useId, useRef, useState, type FormEvent } from 'react';
import type { SpinPageView } from '../../../types/generated/SpinPageView';
import { MESSAGES } from '../../../types/generated/messages';
import { idempotencyKey, postLead } from '../lead-client';
import { PrizeWheel, SEGMENT_COLOURS } from './prize-wheel';
import { landingTurn, spinPrize } from './spin';
import '../forms.css';
import './spin.css';

type Field = 'name' | 'email' | 'phone' | 'postcode';

const FIELDS: { name: Field; label: string; type: string; autoComplete: string }[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'postcode', label: 'Postcode', type: 'text', autoComplete: 'postal-code' },
];

type Status =
  | { kind: 'entering' }
  | { kind: 'sending' }
  | { kind: 'spinning'; prize: number }
  | { kind: 'won'; prize: number };

function reducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** The spin-to-win entry: the shopper's details go to the dealer as a lead naming the
 *  prize the published rule gives their email; once it is stored the wheel turns to that
 *  prize and the result is announced. Field errors are the API's, word for word. */
export function SpinEntry({
  view,
  alertFailure = (message: string) => window.alert(message),
}: {
  view: SpinPageView;
  alertFailure?: (message: string) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    email: '',
    phone: '',
    postcode: '',
  });
  // One location needs no choosing (seed 001 s4: a single option is selected).
  const [locationId, setLocationId] = useState(
    view.locations.length === 1 ? String(view.locations[0]?.id) : '',
  );
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field | 'location' | 'terms', string>>>({});
  const [status, setStatus] = useState<Status>({ kind: 'entering' });
  const [turn, setTurn] = useState(0);
  const key = useRef(idempotencyKey());
  const weights = view.prizes.map((p) => p.weight);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status.kind !== 'entering') return;
    if (!agreed) {
      setErrors({ terms: view.terms_message });
      return;
    }
    const location = view.locations.find((l) => String(l.id) === locationId);
    const prize = spinPrize(view.dealer, values.email, weights) ?? 0;
    const label = view.prizes[prize]?.label ?? '';
    setStatus({ kind: 'sending' });
    const result = await postLead(
      view.api_path,
      {
        ...values,
        source: 'Website',
        url: window.location.href,
        user_agent: navigator.userAgent,
        dealership_slug: location?.dealership_slug ?? view.dealer,
        ...(location ? { location: location.name, location_id: location.id } : {}),
        category: view.category,
        page_id: window.location.pathname,
        message: `Spin to Win entry. Prize won: ${label} (prize ${prize + 1} of ${view.prizes.length}, decided by the published rule from the email address).`,
      },
      key.current,
    );
    if (result.kind === 'stored') {
      setErrors({});
      if (reducedMotion()) {
        setStatus({ kind: 'won', prize });
      } else {
        setStatus({ kind: 'spinning', prize });
        setTurn(landingTurn(weights, prize));
      }
      return;
    }
    setStatus({ kind: 'entering' });
    if (result.kind === 'invalid') {
      setErrors(result.fields as Partial<Record<Field | 'location', string>>);
      return;
    }
    // Seed 001 s8: a failed submission shows the browser alert.
    alertFailure(MESSAGES.FORM_SUBMIT_ERROR);
    key.current = idempotencyKey();
  }

  const won = status.kind === 'won' ? view.prizes[status.prize] : null;
  return (
    <div className="spin">
      <div className="spin__wheel">
        <PrizeWheel
          prizes={view.prizes}
          turn={turn}
          onTurned={() => {
            if (status.kind === 'spinning') setStatus({ kind: 'won', prize: status.prize });
          }}
        />
        <p className="spin__result" role="status">
          {won ? `You won: ${won.label}. We have sent your entry to our team.` : ''}
        </p>
      </div>
      <div className="spin__side">
        <table className="spin__prizes">
          <caption>Prizes and the chance of winning each</caption>
          <thead>
            <tr>
              <th scope="col">Prize</th>
              <th scope="col">Chance</th>
            </tr>
          </thead>
          <tbody>
            {view.prizes.map((prize, i) => (
              <tr key={`${i}-${prize.label}`}>
                <th scope="row">
                  <span
                    className="spin__swatch"
                    style={{ background: SEGMENT_COLOURS[i % SEGMENT_COLOURS.length] }}
                    aria-hidden="true"
                  />
                  {prize.label}
                </th>
                <td>{prize.odds}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {status.kind === 'entering' || status.kind === 'sending' ? (
          <form className="spin__form" noValidate onSubmit={(e) => void submit(e)}>
            <h2>Enter and spin</h2>
            {FIELDS.map((field) => {
              const error = errors[field.name];
              return (
                <div className="form-field" key={field.name}>
                  <label className="form-field__label" htmlFor={`${id}-${field.name}`}>
                    {field.label}
                    <span aria-hidden="true"> *</span>
                  </label>
                  <input
                    id={`${id}-${field.name}`}
                    name={field.name}
                    type={field.type}
                    autoComplete={field.autoComplete}
                    required
                    value={values[field.name]}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-${field.name}-error` : undefined}
                    onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
                  />
                  {error ? (
                    <p className="form-field__error" id={`${id}-${field.name}-error`}>
                      {error}
                    </p>
                  ) : null}
                </div>
              );
            })}
            {view.locations.length > 1 ? (
              <div className="form-field">
                <label className="form-field__label" htmlFor={`${id}-location`}>
                  Location to redeem your prize
                  <span aria-hidden="true"> *</span>
                </label>
                <select
                  id={`${id}-location`}
                  name="location"
                  required
                  value={locationId}
                  aria-invalid={errors.location ? true : undefined}
                  aria-describedby={errors.location ? `${id}-location-error` : undefined}
                  onChange={(e) => setLocationId(e.target.value)}
                >
                  <option value="">Choose a location</option>
                  {view.locations.map((l) => (
                    <option key={l.id} value={String(l.id)}>
                      {l.name}
                    </option>
                  ))}
                </select>
                {errors.location ? (
                  <p className="form-field__error" id={`${id}-location-error`}>
                    {errors.location}
                  </p>
                ) : null}
              </div>
            ) : null}
            <div className="form-field form-field--checkbox">
              <input
                id={`${id}-terms`}
                type="checkbox"
                required
                checked={agreed}
                aria-invalid={errors.terms ? true : undefined}
                aria-describedby={errors.terms ? `${id}-terms-error` : undefined}
                onChange={(e) => setAgreed(e.target.checked)}
              />
              <label htmlFor={`${id}-terms`}>
                I agree to the promotion terms below and the{' '}
                <a href={view.terms_url}>terms and conditions</a>
                <span aria-hidden="true"> *</span>
              </label>
              {errors.terms ? (
                <p className="form-field__error" id={`${id}-terms-error`}>
                  {errors.terms}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button" disabled={status.kind === 'sending'}>
              {status.kind === 'sending' ? 'Sending…' : 'Spin the wheel'}
            </button>
            <p className="spin__privacy">
              We handle your details as our <a href={view.privacy_url}>privacy policy</a> describes.
            </p>
          </form>
        ) : null}
      </div>
    </div>
  );
}
