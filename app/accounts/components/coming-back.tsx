import { useSearchParams } from "react-router";
import { paths } from "~/core/paths";
import { PENDING_PARAM, RETURN_PARAM, returnPath } from "~/core/return-path";

/**
 * Where the visitor came from and what they asked there (issue #33.8), as the sign-in pages'
 * address carries it: kept by /auth's tabs, posted by its forms, by the second step's form and
 * by a passkey sign-in. The server checks both again. Null without them.
 */
export function useComingBack() {
  const [params] = useSearchParams();
  const back = returnPath(params.get(RETURN_PARAM));
  if (!back) return null;
  const pending = params.get(PENDING_PARAM);
  const query = new URLSearchParams({ [RETURN_PARAM]: back });
  if (pending) query.set(PENDING_PARAM, pending);
  return {
    tabLink: (tab: "signin" | "signup") =>
      paths.authReturningTo(back, pending, tab === "signup" ? "kayit" : undefined),
    /** `?donus=…&istek=…`, for an address that carries them on. */
    query: `?${query}`,
    fields: (
      <>
        <input type="hidden" name={RETURN_PARAM} value={back} />
        {pending && <input type="hidden" name={PENDING_PARAM} value={pending} />}
      </>
    ),
  };
}
