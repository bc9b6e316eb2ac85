import { redirect } from "react-router";
import { shareArtwork } from "~/catalogue/share-artwork.server";
import { formatCount } from "~/core/format";
import { paths } from "~/core/paths";
import { loadPublicProfile } from "~/profiles/profile-page.server";
import { shareImageResponse } from "~/seo/share-image.server";
import type { Route } from "./+types/profile-image";

// A public profile's link-preview picture (decision 028): /u/{kullanıcı-adı}/onizleme.png, with
// Favori 4 (else the latest ratings' posters); tagged as the profile's page, so a favourite, a
// rating, a watch logged or the profile made private drops it with the page.
export async function loader({ params, context: { services } }: Route.LoaderArgs) {
  const profile = await loadPublicProfile(services, params.username);
  if (!profile) return new Response("Profil bulunamadı.", { status: 404 });
  if (params.username !== profile.username) throw redirect(paths.profileImage(profile.username));
  const titles = profile.favorites.length > 0 ? profile.favorites : profile.ratings;
  const source = { db: services.database.db, imageBaseUrl: services.catalogue.imageBaseUrl };
  const posters = await Promise.all(
    titles.slice(0, 4).map(async (title) => ({
      title: title.title ?? "",
      artwork: await shareArtwork(source, title.posterPath),
    })),
  );
  return shareImageResponse({
    kind: "Profil",
    title: profile.name,
    subtitle: `@${profile.username}`,
    figures: [
      { value: formatCount(profile.watchesThisYear), label: `${profile.year} yılında izleme` },
      { value: formatCount(profile.lists.length), label: "liste" },
    ],
    posters,
  });
}
