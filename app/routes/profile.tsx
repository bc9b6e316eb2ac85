import { isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { publicPageHeaders } from "~/core/http-cache";
import { invariantResponse } from "~/core/invariant";
import { paths } from "~/core/paths";
import { metaDescription } from "~/core/format";
import { SITE_NAME } from "~/core/site";
import { ProfilePage } from "~/profiles/components/profile-page";
import { loadPublicProfile } from "~/profiles/profile-page.server";
import { FollowControls } from "~/social/components/follow-controls";
import { LikedList } from "~/social/components/liked-list";
import { likedOnProfile } from "~/social/target-social.server";
import { loadProfileSocial } from "~/social/profile-social.server";
import { absoluteUrl, metaTags, shareImage, siteInfo } from "~/seo/meta";
import { ErrorPage, NotFoundPage } from "~/shell/status-pages";
import type { Route } from "./+types/profile";

export async function loader({ request, params, context: { services } }: Route.LoaderArgs) {
  const profile = await loadPublicProfile(services, params.username);
  // Private and unknown profiles are the same plain 404.
  invariantResponse(profile);
  // One address per profile: the name as its owner spells it (/u/AYSE → /u/Ayşe). Not a 301:
  // a later change of spelling would leave browsers a remembered loop.
  if (params.username !== profile.username) throw redirect(paths.profile(profile.username));
  // Counts are the same for everyone; the reader's own buttons only for a signed-in reader,
  // whose page is never stored (the root marks it private). Someone blocked gets the 404.
  const social = await loadProfileSocial(services, request, profile.username);
  const liked = await likedOnProfile(services.database.db, profile.username);
  return { ...profile, social, liked };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: profile, matches }) => {
  if (!profile) return [{ title: "Sayfa bulunamadı" }, { name: "robots", content: "noindex" }];
  const site = siteInfo(matches);
  const favorites = profile.favorites.flatMap((film) => (film.title ? [film.title] : []));
  const tags = metaTags({
    title: `${profile.name} (@${profile.username})`,
    description: metaDescription(
      favorites.length
        ? `${profile.name} adlı kişinin ${SITE_NAME} profili. Favori 4: ${favorites.join(", ")}.`
        : `${profile.name} adlı kişinin ${SITE_NAME} profili: listeleri, puanları ve günlüğü.`,
    ),
    canonical: absoluteUrl(site.siteUrl, paths.profile(profile.username)),
    // The composed picture (decision 028): name, counts and Favori 4.
    ...shareImage(site.siteUrl, paths.profileImage(profile.username)),
    type: "profile",
  });
  return [...tags, { property: "profile:username", content: profile.username }];
};

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <ProfilePage
      data={loaderData}
      people={<FollowControls social={loaderData.social} />}
      liked={<LikedList liked={loaderData.liked} />}
    />
  );
}

/** The site's own 404 page (as for any unknown address), "try again" for anything else. */
export function ErrorBoundary() {
  const error = useRouteError();
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <ErrorPage />;
}
