import { paths } from "~/core/paths";

/*
 * The browser's half of passkeys: options from our server, the authenticator through
 * @simplewebauthn/browser (loaded only when a passkey button is used), the answer back to us.
 * Resolves with the page to open next, or rejects with a Turkish message.
 */

async function answerOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: string } | null;
  throw new Error(body?.error ?? "İşleminiz şu anda tamamlanamadı. Lütfen yeniden deneyin.");
}

async function exchange(
  optionsUrl: string,
  sign: (options: never) => Promise<unknown>,
  extra = {},
  query = "",
) {
  const options = await fetch(optionsUrl, { headers: { Accept: "application/json" } });
  if (!options.ok) return answerOf(options);
  let response: unknown;
  try {
    response = await sign((await options.json()) as never);
  } catch {
    throw new Error("Geçiş anahtarı işlemi iptal edildi");
  }
  const verified = await fetch(optionsUrl + query, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ response, ...extra }),
  });
  if (!verified.ok) return answerOf(verified);
  // The page that shows the toast the server left.
  const { next } = (await verified.json()) as { next?: string };
  return next ?? "/";
}

export async function addPasskey(name: string): Promise<string> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  return exchange(paths.passkeyRegistration, (optionsJSON) => startRegistration({ optionsJSON }), {
    name,
  });
}

/** Signs in; `query` (`?donus=…&istek=…`) says where to go on, checked by the server. */
export async function signInWithPasskey(query = ""): Promise<string> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  return exchange(
    paths.passkeySignIn,
    (optionsJSON) => startAuthentication({ optionsJSON }),
    {},
    query,
  );
}
