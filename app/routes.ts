import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Every path of the spec's route table (SPEC.md section 2). Paths are Turkish, files English.
export default [
  index("routes/home.tsx"),
  route("auth", "routes/auth.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("filmler", "routes/movie-genres.tsx"),
  route("filmler/:genre/:filter?", "routes/movie-genre.tsx"),
  route("diziler", "routes/series-genres.tsx"),
  route("diziler/:genre/:filter?", "routes/series-genre.tsx"),
  route("oyuncular", "routes/people.tsx"),
  route("oduller", "routes/awards.tsx"),
  route("oduller/:id/:year?", "routes/award.tsx"),
  route("film/:slug", "routes/movie.tsx"),
  route("dizi/:slug", "routes/series.tsx"),
  route("dizi/:id/sezon/:seasonNumber", "routes/season.tsx"),
  route("dizi/:id/sezon/:seasonNumber/bolum/:episodeNumber", "routes/episode.tsx"),
  route("oyuncu/:slug", "routes/person.tsx"),
  route("ara", "routes/search.tsx"),
  route("api/arama", "routes/search-api.tsx"),
  route("gorsel/*", "routes/artwork.tsx"),
  route("robots.txt", "routes/robots.tsx"),
  route("sitemap.xml", "routes/sitemap-index.tsx"),
  route("sitemap/*", "routes/sitemap-document.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
