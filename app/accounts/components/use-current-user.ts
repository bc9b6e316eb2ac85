import { useRouteLoaderData } from "react-router";

export interface VisitorInfo {
  email: string;
  name: string;
}

/** The signed-in visitor from the root loader, or null. */
export function useCurrentUser(): VisitorInfo | null {
  const root = useRouteLoaderData("root") as { user?: VisitorInfo | null } | undefined;
  return root?.user ?? null;
}

/** The avatar letter: the first letter of the address, Turkish upper case; `fallback` otherwise. */
export function avatarLetter(email: string | null | undefined, fallback = "K"): string {
  const first = email?.trim()[0];
  return first ? first.toLocaleUpperCase("tr-TR") : fallback;
}
