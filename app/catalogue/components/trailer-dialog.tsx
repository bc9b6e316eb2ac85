import { Play, X } from "~/ui/icons";
import { Dialog } from "radix-ui";
import { Button } from "~/ui/button";
import type { Video } from "../types";

/** The trailer's button and dialog, loaded on first use (see trailer-button.tsx). */
export default function TrailerDialog({
  trailer,
  title,
  defaultOpen = false,
}: {
  trailer: Video;
  title: string;
  defaultOpen?: boolean;
}) {
  return (
    <Dialog.Root defaultOpen={defaultOpen}>
      <Dialog.Trigger asChild>
        <Button>
          <Play className="size-4 fill-current" aria-hidden />
          Fragmanı İzle
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/80" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(960px,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-xl bg-black shadow-2xl">
          <div className="flex items-center justify-between px-4 py-2 text-white">
            <Dialog.Title className="truncate text-sm font-medium">
              {title}: {trailer.name}
            </Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" aria-label="Kapat" className="rounded p-1 hover:bg-white/10">
                <X className="size-5" aria-hidden />
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Fragman videosu</Dialog.Description>
          <div className="aspect-video">
            <iframe
              src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(trailer.key)}?autoplay=1`}
              title={trailer.name}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              className="size-full"
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
