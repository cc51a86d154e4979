// Signing in for the journeys: the sign-in form with the code the dev SMS outbox holds,
// or the same calls straight to the API when a journey only needs a session (a gated
// checkout or finance page).

/** A mobile number of its own per call, so the API's per-phone limits never carry over. */
export function freshMobile() {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return `04${digits}`;
}

/** The last sign-in code texted to `phone` (dev-mode outbox), read from `page`'s site. */
export async function outboxCode(page, phone) {
  return page.evaluate(async (p) => {
    const outbox = await (await fetch(`/api/dev/sms-outbox?phone=${encodeURIComponent(p)}`)).json();
    const last = outbox.messages[outbox.messages.length - 1];
    return /\b(\d{6})\b/.exec(last.body)[1];
  }, phone);
}

/** Fills the sign-in page open in `page` and submits the texted code. */
export async function signInWithForm(page, phone) {
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('textbox', { name: '6-digit code' }).waitFor();
  await page.getByRole('textbox', { name: '6-digit code' }).fill(await outboxCode(page, phone));
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs the browser context in on `base`'s site through the API (a session cookie). */
export async function signInByApi(context, base) {
  const page = await context.newPage();
  try {
    await page.goto(new URL('/404', base).toString());
    const phone = freshMobile();
    await page.evaluate(async (p) => {
      const sent = await fetch('/api/auth/request-code', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: p }),
      });
      if (!sent.ok) throw new Error(`request-code answered ${sent.status}`);
    }, phone);
    const code = await outboxCode(page, phone);
    await page.evaluate(
      async ({ p, c }) => {
        const verified = await fetch('/api/auth/verify', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone: p, code: c }),
        });
        if (!verified.ok) throw new Error(`verify answered ${verified.status}`);
      },
      { p: phone, c: code },
    );
  } finally {
    await page.close();
  }
}

/** Ends the context's session on `base`'s site. */
export async function signOutByApi(context, base) {
  const page = await context.newPage();
  try {
    await page.goto(new URL('/404', base).toString());
    await page.evaluate(() => fetch('/api/auth/sign-out', { method: 'POST' }));
  } finally {
    await page.close();
  }
}
