import type { ComponentProps } from "react";
import { cn } from "./cn";

/** A labelled text input. */
export function Field({ label, className, ...input }: ComponentProps<"input"> & { label: string }) {
  return (
    <label className="block space-y-1.5">
      <span className="text-sm font-medium">{label}</span>
      <input
        {...input}
        className={cn(
          "block h-11 w-full rounded-lg border bg-card px-3 text-base outline-none focus:border-primary sm:text-sm",
          className,
        )}
      />
    </label>
  );
}

/** A message shown in the page when JavaScript is off (toasts need it). */
export function FormMessage({ tone, children }: { tone: "error" | "success"; children: string }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-lg border px-3 py-2 text-sm",
        tone === "error" ? "border-danger/40 text-danger" : "border-primary/40 text-primary",
      )}
    >
      {children}
    </p>
  );
}
