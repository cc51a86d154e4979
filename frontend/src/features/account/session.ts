// Who is signed in (GET /api/session, 200 either way), the SMS code sign-in (POST /api/auth/request-code and
// /api/auth/verify) and sign-out. A session belongs to one dealer's site (a cookie).
// Every component of a page shares one answer.
import { useEffect, useState } from 'react';
import { textAt } from '../../lib/local-store';
import type { SignInType } from '../../types/generated/SignInType';
import * as api from '../../api/client';
import { ACCOUNT_CALL, callApi, type ApiResult } from './api';

/** The shopper's state: still asking, nobody, or a user with a phone (seed 000 s6). */
export type Session =
  { status: 'loading' } | { status: 'anonymous' } | { status: 'signed-in'; phone: string };

/** The sign-in route (seed 001 s2). */
const SIGN_IN_PATH = '/sign-in';
/** The watchlist page. */
export const WATCHLIST_PATH = '/watchlist';
/** Where a signed-in shopper sees and cancels their reservations (seed 001 s2). */
export const ONLINE_PAYMENT_PATH = '/online-payment';
/** The link there from a reservation. */
export const CANCEL_RESERVATION = 'Cancel my reservation';

let shared: Promise<Session> | null = null;
/** Mounted `useSession` users, told when the session changes (a sign-in in a dialog must
 *  reach the header's account icon without a reload). */
const listeners = new Set<() => void>();

/** The session, asked once per page (`fresh` asks again, e.g. after signing in or out). */
export function loadSession(fresh = false, fetchImpl: typeof fetch = fetch): Promise<Session> {
  if (!shared || fresh) {
    shared = callApi(api.getSession({ ...ACCOUNT_CALL, fetchImpl })).then((result): Session => {
      const phone = result.ok && result.body.signed_in === true ? textAt(result.body, 'phone') : '';
      return phone ? { status: 'signed-in', phone } : { status: 'anonymous' };
    });
  }
  return shared;
}

/** Forgets the shared answer (tests; sign-out). */
export function resetSession(): void {
  shared = null;
}

/** The session changed (signed in or out): every `useSession` asks again. */
export function sessionChanged(): void {
  resetSession();
  for (const listener of [...listeners]) listener();
}

/** The session as component state: 'loading' on the server and until the API answers. */
export function useSession(): Session {
  const [session, setSession] = useState<Session>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    // Only the latest question's answer counts: an older one may arrive after it.
    let asked = 0;
    const ask = () => {
      const n = ++asked;
      void loadSession().then((s) => {
        if (live && n === asked) setSession(s);
      });
    };
    ask();
    listeners.add(ask);
    return () => {
      live = false;
      listeners.delete(ask);
    };
  }, []);
  return session;
}

/** A same-site path to go to after signing in, or null: only paths of this site
 *  (starting with one '/'), so a crafted link cannot send the shopper elsewhere. */
export function safePath(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what it rejects
  if (!v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\') || /[\u0000-\u001f]/.test(v))
    return null;
  return v;
}

/** /sign-in?type={type}&redirect={redirect}&back={back} (seed 001 s2). */
export function signInUrl(type: SignInType, redirect: string, back: string): string {
  const query = new URLSearchParams({ type, redirect, back });
  return `${SIGN_IN_PATH}?${query.toString()}`;
}

/** The current page's path and query (what sign-in comes back to). */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Sends an SMS code to `phone`. */
export function requestCode(
  phone: string,
  fetchImpl: typeof fetch = fetch,
): Promise<ApiResult<api.Schemas['CodeSent']>> {
  return callApi(api.requestCode({ phone }, { ...ACCOUNT_CALL, fetchImpl }));
}

/** Checks the code; a success sets the session cookie. */
export async function verifyCode(
  phone: string,
  code: string,
  fetchImpl: typeof fetch = fetch,
): Promise<ApiResult<api.Schemas['Me']>> {
  const result = await callApi(api.verifyCode({ phone, code }, { ...ACCOUNT_CALL, fetchImpl }));
  if (result.ok) sessionChanged();
  return result;
}

/** Ends the session. */
export async function signOut(
  fetchImpl: typeof fetch = fetch,
): Promise<ApiResult<api.Schemas['SignedOut']>> {
  const result = await callApi(api.signOut({ ...ACCOUNT_CALL, fetchImpl }));
  sessionChanged();
  return result;
}
