import { SCROLL_ROW } from "~/ui/scroll-row";
import { Link } from "~/ui/link";
import { Eye } from "~/ui/icons";
import { useImageUrl } from "./image-base";
import { paths } from "~/core/paths";
import { jobLabel } from "../details";
import { Section } from "./detail-hero";
import { Poster } from "./poster";

export interface PersonLine {
  id: number;
  name: string;
  profilePath: string | null;
  /** Character or job, shown under the name. */
  role: string;
}

/**
 * A horizontal row of people (cast) with photo, name and role, each linking to their page; the
 * people in `seen` get a small mark (the visitor saw them in another title they watched).
 */
function PeopleRow({
  people,
  label,
  seen,
}: {
  people: PersonLine[];
  label: string;
  seen?: ReadonlySet<number>;
}) {
  const image = useImageUrl();
  return (
    <ul aria-label={label} className={SCROLL_ROW}>
      {people.map((person, index) => (
        <li key={`${person.id}-${index}`} className="w-32 shrink-0 snap-start">
          <Link to={paths.person(person)} className="group block space-y-2">
            <Poster
              src={image("w200", person.profilePath)}
              alt={person.name}
              className="rounded-lg"
            />
            <span className="block text-sm leading-tight font-semibold group-hover:text-primary">
              {person.name}
            </span>
            {seen?.has(person.id) && (
              <span
                className="flex items-center gap-1 text-xs text-primary"
                data-testid="seen-before"
              >
                <Eye className="size-3.5" aria-hidden="true" />
                Daha önce izlediniz
              </span>
            )}
            {person.role && (
              <span className="block text-xs text-muted-foreground">{person.role}</span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A compact list of people with their role (crew, creators). */
export function PeopleList({ people, label }: { people: PersonLine[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {people.map((person, index) => (
        <li key={`${person.id}-${person.role}-${index}`}>
          <Link
            to={paths.person(person)}
            className="block rounded-lg border bg-card p-3 hover:border-primary"
          >
            <span className="block font-semibold">{person.name}</span>
            <span className="block text-sm text-muted-foreground">{person.role}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

interface Credit {
  id: number;
  name: string;
  profilePath: string | null;
}

/** A titled row of cast with each one's character; nothing when there is nobody. */
export function CastSection({
  id,
  title,
  cast,
  seen,
}: {
  id: string;
  title: string;
  cast: (Credit & { character: string })[];
  /** Ids of the people the signed-in visitor saw in another title they watched. */
  seen?: number[];
}) {
  if (cast.length === 0) return null;
  return (
    <Section id={id} title={title}>
      <PeopleRow
        label={title}
        people={cast.map((member) => ({ ...member, role: member.character }))}
        seen={seen && seen.length > 0 ? new Set(seen) : undefined}
      />
    </Section>
  );
}

/** A titled list of crew with each one's job in Turkish; nothing when there is nobody. */
export function CrewSection({
  id,
  title,
  crew,
}: {
  id: string;
  title: string;
  crew: (Credit & { job: string })[];
}) {
  if (crew.length === 0) return null;
  return (
    <Section id={id} title={title}>
      <PeopleList
        label={title}
        people={crew.map((member) => ({ ...member, role: jobLabel(member.job) }))}
      />
    </Section>
  );
}
