import { Play } from "~/ui/icons";
import { lazy, Suspense, useState } from "react";
import { Button } from "~/ui/button";
import type { Video } from "../types";

// Radix Dialog and the player load when the trailer is first asked for.
const loadDialog = () => import("./trailer-dialog");
const TrailerDialog = lazy(loadDialog);

/** Opens the trailer in a dialog. A title without a trailer shows no button (decision 029). */
export function TrailerButton({ trailer, title }: { trailer: Video; title: string }) {
  const [requested, setRequested] = useState(false);
  const button = (props: {
    onClick?: () => void;
    onPointerEnter?: () => void;
    disabled?: boolean;
  }) => (
    <Button {...props}>
      <Play className="size-4 fill-current" aria-hidden />
      Fragmanı İzle
    </Button>
  );
  if (!requested) {
    return button({ onClick: () => setRequested(true), onPointerEnter: () => void loadDialog() });
  }
  return (
    <Suspense fallback={button({ disabled: true })}>
      <TrailerDialog trailer={trailer} title={title} defaultOpen />
    </Suspense>
  );
}
