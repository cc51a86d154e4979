// Sign-in gating (seed 001 s4/s6): a gated page opened with nobody signed in (once the
// session is known) sends the shopper to sign-in with redirect (this page) and back (the
// page they came from, on this site, else home). The static page is public; what it
// shows of the shopper comes from the API, which checks the session itself.
import type { SignInType } from '../../types/generated/SignInType';
import { currentPath, loadSession, safePath, signInUrl } from './session';

/** Where "back" on the sign-in page goes: the referring page of this site, else home. */
export function backPath(referrer: string, origin: string): string {
  try {
    const url = new URL(referrer);
    if (url.origin === origin) return safePath(`${url.pathname}${url.search}`) ?? '/';
  } catch {
    // No referrer, or not a URL.
  }
  return '/';
}

/** Checks the session of a gated page and leaves for sign-in when nobody is signed in. */
export async function enforceGate(
  gate: SignInType,
  replace: (url: string) => void = (url) => window.location.replace(url),
): Promise<boolean> {
  const session = await loadSession();
  if (session.status === 'signed-in') return true;
  replace(signInUrl(gate, currentPath(), backPath(document.referrer, window.location.origin)));
  return false;
}
