import type { FormEvent } from "react";
import { toast } from "~/ui/toast";
import type { z } from "zod";
import { firstError } from "../schemas";

/** Validates a form in the browser with the server's schema; the first message becomes a toast. */
export function validateWith(schema: z.ZodType) {
  return (event: FormEvent<HTMLFormElement>) => {
    const message = firstError(schema, Object.fromEntries(new FormData(event.currentTarget)));
    if (message) {
      event.preventDefault();
      toast.error(message);
    }
  };
}
