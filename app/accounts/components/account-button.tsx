import type { ComponentProps } from "react";
import { Button } from "~/ui/button";
import { avatarLetter } from "./use-current-user";

/** The round avatar button that opens the account menu (Radix passes its ref and handlers). */
export function AccountButton({
  email,
  ...props
}: ComponentProps<typeof Button> & { email: string }) {
  return (
    <Button variant="ghost" size="icon" aria-label="Hesabım" {...props}>
      <span className="flex size-8 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
        {avatarLetter(email)}
      </span>
    </Button>
  );
}
