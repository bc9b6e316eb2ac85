import { Link } from "~/ui/link";
import { departmentLabel } from "../labels";
import { paths } from "~/core/paths";
import type { PersonSummary } from "../types";
import { useImageUrl } from "./image-base";
import { Poster } from "./poster";

/** A person's photo, name and department, linking to their page. */
export function PersonCard({ person }: { person: PersonSummary }) {
  const image = useImageUrl();
  return (
    <Link
      to={paths.person(person)}
      className="group block w-full max-w-[200px] overflow-hidden rounded-lg bg-card ring-1 ring-border transition hover:-translate-y-0.5 hover:shadow-lg"
    >
      <Poster src={image("w200", person.profilePath)} alt={person.name} />
      <div className="space-y-0.5 p-2.5">
        <h3 className="line-clamp-2 text-sm font-semibold group-hover:text-primary">
          {person.name}
        </h3>
        <p className="text-xs text-muted-foreground">
          {departmentLabel(person.knownForDepartment)}
        </p>
      </div>
    </Link>
  );
}
