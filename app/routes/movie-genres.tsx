import { loadGenreLinks } from "~/catalogue/browse.server";
import { GenreCategories } from "~/catalogue/components/genre-categories";
import { publicPageHeaders } from "~/shell/http-cache";
import { SITE_NAME } from "~/shell/site";
import type { Route } from "./+types/movie-genres";

export async function loader({ context }: Route.LoaderArgs) {
  return { genres: await loadGenreLinks(context.services.catalogue, "movie") };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `Film Kategorileri | ${SITE_NAME}` }];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <GenreCategories mediaType="movie" genres={loaderData.genres} />;
}
