import { requireUser } from "~/accounts/guards.server";
import { diaryAction } from "~/history/actions.server";
import { NO_SUCH_ENTRY } from "~/history/schemas";
import { DiaryEntryPage } from "~/history/components/diary-entry-page";
import { loadDiaryEntry } from "~/history/diary-page.server";
import { rowIdSchema } from "~/library/schemas";
import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import { invariantResponse } from "~/core/invariant";
import { RouteErrorBoundary } from "~/shell/status-pages";
import type { Route } from "./+types/diary-entry";

export async function loader({ request, params, context: { services } }: Route.LoaderArgs) {
  const user = await requireUser(request, services);
  const entryId = rowIdSchema.safeParse(params.entryId);
  invariantResponse(entryId.success);
  const loaded = await loadDiaryEntry(services, user, entryId.data);
  // Someone else's entry is as absent as one that never was.
  invariantResponse(loaded.entry);
  return { ...loaded, entry: loaded.entry };
}

/** The entry's own forms (change, delete) post here. */
export function action({ request, context: { services } }: Route.ActionArgs) {
  return diaryAction(services, request);
}

export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta = () => [
  { title: `Günlük kaydı | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <DiaryEntryPage entry={loaderData.entry} today={loaderData.today} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={`${NO_SUCH_ENTRY}.`} />;
}
