import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import '../forms/forms.css';
import './account.css';
import type { SignInType } from '../../types/generated/SignInType';
import { requestCode, safePath, signOut, useSession, verifyCode, type Session } from './session';

/** Why the shopper is asked to sign in, by the route's `type` (seed 001 s2). */
export const SIGN_IN_REASONS: Record<SignInType, string> = {
  watchlist: 'Sign in to save cars to your watchlist.',
  'trade-in': 'Sign in to value your trade-in.',
  checkout: 'Sign in to reserve or buy this car online.',
  finance: 'Sign in to apply for finance.',
  'spin-to-win': 'Sign in to spin to win.',
  'online-payment': 'Sign in to make an online payment.',
  'car-finance': 'Sign in to get your personalised finance.',
  'my-garage': 'Sign in to open your garage.',
};

/** What the sign-in route's query asks for. */
interface SignInQuery {
  type: SignInType | null;
  /** Where to go once signed in (this site's paths only). */
  redirect: string;
  /** The page the shopper came from (this site's paths only). */
  back: string | null;
}

/** Reads /sign-in?type=&redirect=&back= (unknown types and foreign URLs are dropped). */
export function parseSignInQuery(search: string): SignInQuery {
  const query = new URLSearchParams(search);
  const type = query.get('type');
  return {
    type: type && type in SIGN_IN_REASONS ? (type as SignInType) : null,
    redirect: safePath(query.get('redirect')) ?? '/',
    back: safePath(query.get('back')),
  };
}

type Step = { kind: 'phone' } | { kind: 'code'; phone: string };

const ERROR_ID = 'sign-in-error';

interface FieldProps {
  inputRef: RefObject<HTMLInputElement | null>;
  id: string;
  label: string;
  name: string;
  type: 'tel' | 'text';
  inputMode: 'tel' | 'numeric';
  autoComplete: string;
  maxLength?: number;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}

/** One labelled input of the sign-in steps with the step's error. */
function SignInField({ inputRef, id, label, error, onChange, ...input }: FieldProps) {
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ERROR_ID : undefined}
        onChange={(e) => onChange(e.target.value)}
        {...input}
      />
      {error ? (
        <p className="form-field__error" id={ERROR_ID} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface Props {
  /** Leaves the page (tests). */
  navigate?: (url: string) => void;
  /** The route's query (tests). */
  search?: () => string;
  /** In a dialog over the page: why the shopper is asked (instead of the route's query). */
  type?: SignInType;
  /** In a dialog over the page: called once signed in (with the number, as the API
   *  spells it), instead of leaving the page. */
  onSignedIn?: (phone: string) => void;
  /** A number the task needs confirmed (a reservation's): the steps start with it, also
   *  for a shopper signed in with another number. */
  phone?: string;
  /** Why the number is asked for, when the task says it better than `type`. */
  reason?: string;
}

/** The sign-in page: a mobile number, then the 6-digit SMS code; signed in, the shopper
 *  lands on `redirect`. Signed in already, it says so and offers to go on or sign out.
 *  Given `onSignedIn`, it is the same steps in a dialog: the shopper stays on the page. */
export function SignIn({
  navigate = (url) => window.location.assign(url),
  search = () => window.location.search,
  type,
  onSignedIn,
  phone: needed,
  reason: told,
}: Props) {
  const session = useSession();
  const [query, setQuery] = useState<SignInQuery>({
    type: type ?? null,
    redirect: '/',
    back: null,
  });
  const [step, setStep] = useState<Step>({ kind: 'phone' });
  const [phone, setPhone] = useState(needed ?? '');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // In a dialog the page's URL is the page's, not a sign-in route's.
    if (!onSignedIn) setQuery(parseSignInQuery(search()));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: `search` reads the page's own URL
  }, []);
  useEffect(() => {
    if (step.kind === 'code') codeRef.current?.focus();
  }, [step]);

  const reason =
    told ??
    (query.type
      ? SIGN_IN_REASONS[query.type]
      : 'Sign in with your mobile number. We will text you a code.');
  const current: Session = signedOut || needed ? { status: 'anonymous' } : session;

  async function sendCode(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    if (phone.trim() === '') {
      setError('Please enter your mobile number.');
      phoneRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const result = await requestCode(phone.trim());
    setBusy(false);
    if (!result.ok) {
      setError(result.fields.phone ?? result.message);
      phoneRef.current?.focus();
      return;
    }
    const sentTo = typeof result.body.phone === 'string' ? result.body.phone : phone.trim();
    setCode('');
    setNotice(`We sent a 6-digit code to ${sentTo}.`);
    setStep({ kind: 'code', phone: sentTo });
  }

  async function checkCode(event: FormEvent) {
    event.preventDefault();
    if (busy || step.kind !== 'code') return;
    if (!/^\d{6}$/.test(code.trim())) {
      setError('Please enter the 6-digit code from the text message.');
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const result = await verifyCode(step.phone, code.trim());
    if (result.ok) {
      if (onSignedIn) onSignedIn(step.phone);
      else navigate(query.redirect);
      return;
    }
    setBusy(false);
    setError(result.fields.code ?? result.message);
    codeRef.current?.focus();
  }

  async function leave() {
    setBusy(true);
    await signOut();
    setBusy(false);
    setSignedOut(true);
  }

  return (
    <div className="sign-in">
      <p className="sign-in__reason">{reason}</p>
      {current.status === 'loading' ? (
        <p role="status">Checking whether you are signed in…</p>
      ) : current.status === 'signed-in' ? (
        <div className="sign-in__done">
          <p>You are signed in as {current.phone}.</p>
          <p className="sign-in__actions">
            <a className="button" href={query.redirect}>
              Continue
            </a>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => void leave()}
            >
              Sign out
            </button>
          </p>
        </div>
      ) : step.kind === 'phone' ? (
        <form
          className="lead-form"
          noValidate
          onSubmit={(e) => void sendCode(e)}
          aria-label="Sign in"
        >
          <SignInField
            inputRef={phoneRef}
            id="sign-in-phone"
            label="Mobile number"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            error={error}
            onChange={setPhone}
          />
          <div className="lead-form__actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Sending…' : 'Send code'}
            </button>
          </div>
        </form>
      ) : (
        <form
          className="lead-form"
          noValidate
          onSubmit={(e) => void checkCode(e)}
          aria-label="Enter your code"
        >
          {notice ? <p role="status">{notice}</p> : null}
          <SignInField
            inputRef={codeRef}
            id="sign-in-code"
            label="6-digit code"
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            error={error}
            onChange={(value) => setCode(value.replace(/\D/g, ''))}
          />
          <div className="lead-form__actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Checking…' : 'Sign in'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => void sendCode()}
            >
              Send a new code
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => {
                setStep({ kind: 'phone' });
                setError(null);
                setNotice(null);
              }}
            >
              Use a different number
            </button>
          </div>
        </form>
      )}
      {query.back ? (
        <p className="sign-in__back">
          <a href={query.back}>Back</a>
        </p>
      ) : null}
    </div>
  );
}
