import { redirect } from "react-router";
import { formatCount } from "~/core/format";
import { paths } from "~/core/paths";
import { shareArtwork } from "~/catalogue/share-artwork.server";
import { yearPosters } from "~/history/year-posters.server";
import { summaryYear, yearSummary } from "~/history/year-summary.server";
import { publicProfileOwner } from "~/profiles/profile-page.server";
import { shareImageResponse } from "~/seo/share-image.server";
import type { Route } from "./+types/year-summary-image";

// A year summary's link-preview picture (decision 028): /u/{kullanıcı-adı}/ozet/{yıl}.png. Only
// for a public profile (whose diary and ratings are already public): the person chose to show
// their watching. Its posters: the year's best rated titles of the diary. Tagged as the profile's
// page, so a watch logged drops it.
export async function loader({ params, context: { services } }: Route.LoaderArgs) {
  const year = summaryYear(/^(\d{4})\.png$/.exec(params.file)?.[1]);
  const owner =
    year === null ? null : await publicProfileOwner(services.database.db, params.username);
  if (year === null || !owner) return new Response("Özet bulunamadı.", { status: 404 });
  if (params.username !== owner.username)
    throw redirect(paths.yearSummaryImage(owner.username, year));
  const { db } = services.database;
  const [summary, titles] = await Promise.all([
    yearSummary(services, owner.userId, year),
    yearPosters(db, owner.userId, year),
  ]);
  const source = { db, imageBaseUrl: services.catalogue.imageBaseUrl };
  const posters = await Promise.all(
    titles.map(async (title) => ({
      title: title.title ?? "",
      artwork: await shareArtwork(source, title.posterPath),
    })),
  );
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
    posters,
  });
}
