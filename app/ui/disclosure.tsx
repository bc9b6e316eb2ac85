import type { ReactNode } from "react";
import { ChevronDown } from "./icons";

/**
 * One of a group of native disclosures that stand in for tabs (decision 026): they open and close
 * before and without JavaScript, and the browser keeps at most one of a `group` open, as tabs do.
 */
export function Disclosure({
  group,
  summary,
  open = false,
  children,
}: {
  group: string;
  summary: ReactNode;
  open?: boolean;
  children: ReactNode;
}) {
  return (
    <details name={group} open={open} className="group rounded-lg border bg-card">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-4 py-3 font-semibold hover:bg-muted [&::-webkit-details-marker]:hidden">
        {summary}
        <ChevronDown className="size-5 transition group-open:rotate-180" aria-hidden />
      </summary>
      <div className="px-4 pt-1 pb-4">{children}</div>
    </details>
  );
}
