import { clientHeaders, newClientAddress } from "./client-address";

/*
 * What browser tests do without a browser: post a form the way a page without JavaScript does
 * (same origin, the redirect not followed), and make a signed-in account that way.
 */

/**
 * Posts form fields to the site, with the person's session cookie when given. On a shared server
 * the post comes from the running test's client address, or from `address` when given.
 */
export function postForm(
  site: string,
  path: string,
  body: Record<string, string>,
  cookie?: string,
  address?: string,
) {
  return fetch(`${site}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      ...clientHeaders(site, address),
      Origin: site,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(body),
  });
}

let accounts = 0;

/**
 * A new account, signed up and signed in with plain form posts; its session cookie
 * (`name=value`). `emailPrefix` tells one test file's people from another's. On a shared server
 * the person signs up from a client address of their own, as a person would.
 */
export async function newAccount(site: string, name: string, emailPrefix: string) {
  const email = `${emailPrefix}${Date.now()}${accounts++}@example.com`;
  const from = newClientAddress();
  const fields = { fullName: name, email, password: "gizli123" };
  await postForm(site, "/auth", { intent: "signup", ...fields }, undefined, from);
  const signedIn = await postForm(
    site,
    "/auth",
    { intent: "signin", email, password: "gizli123" },
    undefined,
    from,
  );
  const cookie = signedIn.headers
    .getSetCookie()
    .find((value) => value.startsWith("perde.session_token="));
  if (!cookie) throw new Error(`sign-in failed: ${signedIn.status}`);
  return cookie.split(";")[0]!;
}
