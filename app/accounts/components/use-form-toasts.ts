import { useEffect } from "react";
import { toast } from "~/ui/toast";

export interface FormAnswer {
  error?: string;
  success?: string;
  /** Makes every answer distinct, so a repeated error is shown again. */
  at?: number;
}

/** Shows a form action's answer as a toast (the spec's "first message as a toast"). */
export function useFormToasts(answer: FormAnswer | undefined) {
  useEffect(() => {
    if (answer?.error) toast.error(answer.error, { id: `form-${answer.at}` });
    else if (answer?.success) toast.success(answer.success, { id: `form-${answer.at}` });
  }, [answer]);
}
