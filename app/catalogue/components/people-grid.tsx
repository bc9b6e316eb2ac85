import { paths } from "~/core/paths";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Pager } from "~/ui/pager";
import { useNavigatingTo } from "~/ui/use-navigating";
import type { PeoplePage } from "../browse.server";
import { PersonCard } from "./person-card";
import { CardGridSkeleton, GridError } from "./title-grid";

/** /oyuncular: popular people, paged. */
export function PopularPeople({ data }: { data: PeoplePage }) {
  const loading = useNavigatingTo(paths.people());
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <Breadcrumb items={[{ label: "Ana Sayfa", to: "/" }, { label: "Oyuncular" }]} />
      <h1 className="text-3xl font-bold">Popüler Oyuncular</h1>
      {loading ? (
        <CardGridSkeleton count={18} />
      ) : data.results === null ? (
        <GridError />
      ) : (
        <ul className="grid grid-cols-2 justify-items-center gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-6">
          {data.results.map((person) => (
            <li key={person.id} className="w-full max-w-[200px]">
              <PersonCard person={person} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={data.page} totalPages={data.totalPages} hrefFor={paths.people} />
    </div>
  );
}
