import { Check, Trash2 } from "~/ui/icons";
import { DropdownMenu } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { STATUS_LABELS, WATCHLIST_STATUSES, type WatchlistStatus } from "../statuses";
import { itemClass } from "./watchlist-item-class";

/** The hydrated watchlist menu: change the status or remove the title (watchlist-button.tsx). */
export default function WatchlistMenu({
  current,
  busy,
  label,
  trigger,
  onStatus,
  onRemove,
}: {
  current: WatchlistStatus;
  busy: boolean;
  label: string;
  trigger: ReactNode;
  onStatus: (status: string) => void;
  onRemove: () => void;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" disabled={busy} aria-label={label}>
          {trigger}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className="z-50 min-w-52 rounded-lg border bg-background p-1 shadow-xl"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-muted-foreground">
            İzleme durumu
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={current} onValueChange={onStatus}>
            {WATCHLIST_STATUSES.map((value) => (
              <DropdownMenu.RadioItem key={value} value={value} className={itemClass}>
                <span className="size-4">
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-4" aria-hidden />
                  </DropdownMenu.ItemIndicator>
                </span>
                {STATUS_LABELS[value]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={cn(itemClass, "text-danger")} onSelect={onRemove}>
            <Trash2 className="size-4" aria-hidden />
            Listeden Kaldır
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
