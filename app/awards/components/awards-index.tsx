import { Link } from "~/ui/link";
import { Breadcrumb } from "~/ui/breadcrumb";
import { AWARDS, CATEGORY_LABELS, type AwardDefinition } from "../definitions";
import { AwardIcon } from "./award-icon";
import { paths } from "~/core/paths";

function AwardCard({ award }: { award: AwardDefinition }) {
  return (
    <Link
      to={paths.award(award.id)}
      className="group flex h-full gap-4 rounded-xl border bg-card p-5 transition hover:-translate-y-0.5 hover:border-primary hover:shadow-lg"
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
        <AwardIcon icon={award.icon} className="size-6" />
      </span>
      <span className="space-y-1">
        <span className="block text-lg font-bold group-hover:text-primary">{award.name}</span>
        <span className="block text-sm text-muted-foreground">{award.fullName}</span>
        <span className="block text-xs text-muted-foreground">
          {award.country} · {award.established} · {CATEGORY_LABELS[award.category]}
        </span>
      </span>
    </Link>
  );
}

function AwardList({
  id,
  title,
  awards,
}: {
  id: string;
  title: string;
  awards: AwardDefinition[];
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {awards.map((award) => (
          <li key={award.id}>
            <AwardCard award={award} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /oduller: film awards (film or both) and TV awards (tv or both). */
export function AwardsIndex() {
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-8">
      <Breadcrumb items={[{ label: "Ana Sayfa", to: "/" }, { label: "Ödüller" }]} />
      <h1 className="text-3xl font-bold">Ödüller</h1>
      <AwardList
        id="film-odulleri"
        title="Film Ödülleri"
        awards={AWARDS.filter((award) => award.category !== "tv")}
      />
      <AwardList
        id="tv-odulleri"
        title="Televizyon Ödülleri"
        awards={AWARDS.filter((award) => award.category !== "film")}
      />
    </div>
  );
}
