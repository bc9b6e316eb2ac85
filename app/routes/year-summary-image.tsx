import { redirect } from "react-router";
import { formatCount } from "~/core/format";
import { paths } from "~/core/paths";
import { summaryYear, yearSummary } from "~/history/year-summary.server";
import { publicProfileOwner } from "~/profiles/profile-page.server";
import { shareImageResponse } from "~/seo/share-image.server";
import type { Route } from "./+types/year-summary-image";

// A year summary's link-preview picture (decision 028): /u/{kullanıcı-adı}/ozet/{yıl}.png. Only
// for a public profile (whose diary and ratings are already public): the person chose to show
// their watching. Tagged as the profile's page, so a watch logged drops it.
export async function loader({ params, context: { services } }: Route.LoaderArgs) {
  const year = summaryYear(/^(\d{4})\.png$/.exec(params.file)?.[1]);
  const owner =
    year === null ? null : await publicProfileOwner(services.database.db, params.username);
  if (year === null || !owner) return new Response("Özet bulunamadı.", { status: 404 });
  if (params.username !== owner.username)
    throw redirect(paths.yearSummaryImage(owner.username, year));
  const summary = await yearSummary(services, owner.userId, year);
  const { totals } = summary;
  const genres = (summary.genres ?? []).slice(0, 3).map((genre) => genre.name);
  return shareImageResponse({
    kind: `${year} özeti`,
    title: owner.name,
    subtitle: genres.length ? `En çok: ${genres.join(", ")}` : `@${owner.username}`,
    figures: [
      { value: formatCount(totals.films), label: "film" },
      { value: formatCount(totals.episodes), label: "bölüm" },
      { value: formatCount(Math.round(totals.minutes / 60)), label: "saat" },
    ],
    posters: [],
  });
}
