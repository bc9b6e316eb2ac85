import { formatCount } from "~/core/format";
import { Link } from "~/ui/link";
import type { WhoLiked } from "../likes.server";
import { PersonRow } from "./follow-people-page";

interface LikersData extends WhoLiked {
  thing: { label: string; what: string; href: string };
}

/** Beğenenler: the people with a public profile by name, everyone else counted. */
export function LikersPage({ data }: { data: LikersData }) {
  const { thing } = data;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <header className="space-y-1">
        <p className="text-sm text-muted-foreground">
          <Link to={thing.href} className="font-medium hover:text-primary">
            {thing.label}
          </Link>{" "}
          {thing.what}
        </p>
        <h1 className="text-2xl font-bold">Beğenenler</h1>
        <p className="text-sm text-muted-foreground" data-likers-count="">
          {data.count === 0 ? "Henüz beğenen yok." : `${formatCount(data.count)} kişi beğendi.`}
        </p>
      </header>
      {data.people.length > 0 && (
        <ul className="divide-y rounded-xl border bg-card" data-likers="">
          {data.people.map((person) => (
            <PersonRow key={person.username} person={person} />
          ))}
        </ul>
      )}
      {data.people.length > 0 && data.others > 0 && (
        <p className="text-sm" data-likers-others="">
          {`ve ${formatCount(data.others)} kişi daha`}
        </p>
      )}
      {data.others > 0 && (
        <p className="text-sm text-muted-foreground">
          Herkese açık profili olmayanlar adlarıyla gösterilmez.
        </p>
      )}
    </div>
  );
}
