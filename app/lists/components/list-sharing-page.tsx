import { paths } from "~/core/paths";
import { ArrowLeft } from "~/ui/icons";
import type { ListSharingData } from "../invites.server";
import type { SharingAnswer } from "../sharing.server";
import { ListSharing } from "./list-sharing";

/**
 * /dashboard/listeler/{id}/paylasim: the sharing section on a page of its own. Its forms post
 * here, so without JavaScript a new invite link is shown on this page (once); the list's edit
 * page shows the same section.
 */
export function ListSharingPage({
  sharing,
  created,
}: {
  sharing: ListSharingData;
  created?: SharingAnswer | null;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <a
        href={paths.listEdit(sharing.list.id)}
        className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {sharing.list.name}
      </a>
      <h1 className="text-2xl font-bold sm:text-3xl">{sharing.list.name}: paylaşım</h1>
      <ListSharing listId={sharing.list.id} sharing={sharing} created={created} />
    </div>
  );
}
