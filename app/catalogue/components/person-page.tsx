import { Disclosure } from "~/ui/disclosure";
import type { ReactNode } from "react";
import { Link } from "~/ui/link";
import type { loadPersonPage } from "../detail-pages.server";
import { formatLongDate, formatRating } from "~/core/format";
import { departmentLabel } from "../labels";
import type { FilmographyGroup } from "../details";
import type { PersonMovieCredit, PersonSeriesCredit } from "../types";
import { DetailHero, Facts, Section } from "./detail-hero";
import { useImageUrl } from "./image-base";
import { paths } from "~/core/paths";
import { displayName, titleHref } from "../display";

export type PersonPageData = NonNullable<Awaited<ReturnType<typeof loadPersonPage>>>;

function Filmography<T extends PersonMovieCredit | PersonSeriesCredit>({
  groups,
  empty,
}: {
  groups: FilmographyGroup<T>[];
  empty: string;
}) {
  if (groups.length === 0) return <p className="text-muted-foreground">{empty}</p>;
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <section key={group.year} aria-label={group.year} className="space-y-2">
          <h3 className="text-lg font-bold text-foreground">{group.year}</h3>
          <ul className="divide-y rounded-xl border bg-card">
            {group.items.map((credit) => (
              <li key={credit.id}>
                <Link
                  to={titleHref(credit)}
                  className="flex items-baseline justify-between gap-4 px-4 py-3 hover:bg-muted"
                >
                  <span className="min-w-0">
                    <span className="block font-semibold">{displayName(credit)}</span>
                    {credit.character && (
                      <span className="block text-sm text-muted-foreground">
                        {credit.character}
                      </span>
                    )}
                  </span>
                  {credit.voteAverage > 0 && (
                    <span className="shrink-0 text-sm text-muted-foreground">
                      ★ {formatRating(credit.voteAverage)}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** /oyuncu/{slug}: a person's life and work. */
export function PersonPage({
  data,
  siteRating,
  seen,
  reviews,
}: {
  data: PersonPageData;
  siteRating?: ReactNode;
  /** "Nereden tanıyorum?" for the signed-in visitor (nothing for anonymous ones). */
  seen?: ReactNode;
  reviews: ReactNode;
}) {
  const { person } = data;
  const image = useImageUrl();
  const born = formatLongDate(person.birthday);
  const died = formatLongDate(person.deathday);
  return (
    <>
      <DetailHero
        title={person.name}
        backdrop={null}
        poster={image("w500", person.profilePath)}
        back={{ to: paths.people(), label: "Popüler Oyuncular" }}
      >
        <Facts
          items={[
            departmentLabel(person.knownForDepartment),
            born && `Doğum: ${born}`,
            died && `Ölüm: ${died}`,
            person.placeOfBirth,
          ]}
        />
        {siteRating}
      </DetailHero>
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10">
        {seen}
        <Section id="biyografi" title="Biyografi">
          <p className="max-w-3xl leading-relaxed whitespace-pre-line">
            {person.biography || "Bu kişi için henüz bir biyografi eklenmemiş."}
          </p>
        </Section>
        <Section id="filmografi" title="Filmografi">
          {/* Native disclosures, one open at a time (decision 026). */}
          <div className="space-y-3">
            <Disclosure
              group="filmografi"
              open={data.movies.count > 0 || !data.series.count}
              summary={`Filmler (${data.movies.count})`}
            >
              <Filmography groups={data.movies.groups} empty="Film bulunamadı." />
            </Disclosure>
            <Disclosure
              group="filmografi"
              open={!data.movies.count && data.series.count > 0}
              summary={`Diziler (${data.series.count})`}
            >
              <Filmography groups={data.series.groups} empty="Dizi bulunamadı." />
            </Disclosure>
          </div>
        </Section>
        {reviews}
      </div>
    </>
  );
}
