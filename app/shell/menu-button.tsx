import { Menu } from "~/ui/icons";
import type { ComponentProps } from "react";
import { Button } from "~/ui/button";

/** The phone menu's button (Radix passes its ref and handlers when the menu is loaded). */
export function MenuButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="md:hidden" aria-label="Menüyü aç" {...props}>
      <Menu className="size-5" aria-hidden />
    </Button>
  );
}
