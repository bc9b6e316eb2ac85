import { Clapperboard } from "~/ui/icons";
import { Link } from "~/ui/link";
import { cn } from "~/ui/cn";
import { SITE_NAME } from "~/core/site";

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold tracking-tight">
      <Clapperboard className="size-6 text-primary" aria-hidden />
      <span>{SITE_NAME}</span>
    </Link>
  );
}

export const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition hover:bg-muted",
    isActive ? "text-primary" : "text-muted-foreground hover:text-foreground",
  );
