import { initialLetter } from "~/ui/initial";
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

/** The avatar letter of a signed-in user: the first letter of the address, 'K' otherwise. */
export function avatarLetter(email: string | null | undefined): string {
  return initialLetter(email, "K");
}
