import type { ReactNode } from "react";
import { Link } from "./link";
import { cn } from "./cn";

/**
 * A filter chip: a link that keeps the scroll position, marked current when it is the choice. It
 * replaces the URL in place unless `replace` is false (then Back undoes the choice).
 */
export function ChipLink({
  to,
  active,
  replace = true,
  children,
}: {
  to: string;
  active: boolean;
  replace?: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      replace={replace}
      preventScrollReset
      aria-current={active ? "true" : undefined}
      className={cn(
        "rounded-full border px-3.5 py-1.5 text-sm font-medium transition",
        active ? "border-primary bg-primary text-primary-foreground" : "hover:bg-muted",
      )}
    >
      {children}
    </Link>
  );
}
