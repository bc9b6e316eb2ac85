import { Link } from "~/ui/link";
import { TitleGrid } from "~/catalogue/components/title-grid";
import { loadHomeGrids } from "~/catalogue/home.server";
import { pageData, publicPageHeaders } from "~/core/http-cache";
import { SITE_NAME, SITE_TAGLINE } from "~/core/site";
import { Button } from "~/ui/button";
import type { Route } from "./+types/home";
import { paths } from "~/core/paths";
import { FeedList } from "~/social/components/feed-list";
import { homeFeed } from "~/social/feed-page.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  // A signed-in reader's page starts with their feed (issue #38.2); it is never stored by a
  // shared cache (the root marks every signed-in page private). Anonymous readers skip it.
  const [grids, feed] = await Promise.all([
    loadHomeGrids(services.catalogue),
    homeFeed(services, request),
  ]);
  return pageData({ ...grids, feed }, grids);
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `${SITE_NAME}: Film ve dizi rehberi` },
  { name: "description", content: SITE_TAGLINE },
  { property: "og:title", content: SITE_NAME },
  { property: "og:description", content: SITE_TAGLINE },
  { property: "og:type", content: "website" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="relative overflow-hidden border-b bg-gradient-to-br from-primary/25 via-background to-background">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-16 sm:py-24">
          <h1 className="max-w-3xl text-4xl leading-tight font-black tracking-tight sm:text-5xl">
            Türkiye'nin en kapsamlı film ve dizi veritabanı
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground">
            Binlerce film, dizi ve oyuncuyu keşfedin; izleme listenizi oluşturun, puan verin, yorum
            yazın ve paylaşın.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button size="lg" asChild>
              <a href="#populer-filmler">Keşfet</a>
            </Button>
            <Button size="lg" variant="outline" asChild>
              <Link to={paths.section("movie")}>Daha Fazla</Link>
            </Button>
          </div>
        </div>
      </section>
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10">
        {loaderData.feed && (
          <section aria-labelledby="akis" className="space-y-3">
            <div className="flex items-baseline justify-between gap-2">
              <h2 id="akis" className="text-2xl font-bold">
                Akış
              </h2>
              <Link to={paths.feed()} className="text-sm font-medium text-primary hover:underline">
                Tüm akış
              </Link>
            </div>
            <FeedList
              groups={loaderData.feed.groups}
              nextHref={loaderData.feed.nextHref}
              unwatched={loaderData.feed.unwatched}
            />
          </section>
        )}
        <TitleGrid
          id="populer-filmler"
          first
          heading="Popüler Filmler"
          items={loaderData.popularMovies}
        />
        <TitleGrid
          id="gunun-trendleri"
          heading="Günün Trendleri"
          items={loaderData.trendingMovies}
        />
        <TitleGrid
          id="populer-diziler"
          heading="Popüler Diziler"
          items={loaderData.popularSeries}
        />
      </div>
    </>
  );
}
