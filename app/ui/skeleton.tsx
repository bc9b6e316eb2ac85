import { cn } from "./cn";

export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden className={cn("rounded-lg bg-muted motion-safe:animate-pulse", className)} />
  );
}
