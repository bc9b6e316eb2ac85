import { paths } from "~/core/paths";
import { initialLetter } from "~/ui/initial";
import { Link } from "~/ui/link";
import type { FollowPerson } from "../follows.server";

export interface FollowPeopleData {
  owner: { username: string; name: string };
  which: "followers" | "following";
  page: number;
  people: FollowPerson[];
  more: boolean;
}

/** A person in a list of people: their initial, name and @username, linking to the profile. */
export function PersonRow({ person }: { person: FollowPerson }) {
  return (
    <li>
      <Link
        to={paths.profile(person.username)}
        className="flex items-center gap-3 p-3 hover:bg-muted"
      >
        <span
          aria-hidden
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/20 font-bold text-primary"
        >
          {initialLetter(person.name, "P")}
        </span>
        <span className="min-w-0">
          <span className="block font-medium break-words">{person.name}</span>
          <span className="block text-sm text-muted-foreground">@{person.username}</span>
        </span>
      </Link>
    </li>
  );
}

/** A profile's followers or followed people (public profiles only), 50 a page. */
export function FollowPeoplePage({ data }: { data: FollowPeopleData }) {
  const { owner, which, page } = data;
  const href = (n: number) =>
    which === "followers"
      ? paths.profileFollowers(owner.username, n)
      : paths.profileFollowing(owner.username, n);
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <header className="space-y-1">
        <p className="text-sm text-muted-foreground">
          <Link to={paths.profile(owner.username)} className="hover:text-primary">
            {owner.name} (@{owner.username})
          </Link>
        </p>
        <h1 className="text-2xl font-bold">
          {which === "followers" ? "Takipçiler" : "Takip edilenler"}
        </h1>
        <nav className="flex gap-4 text-sm" aria-label="Takip">
          <Link
            to={paths.profileFollowers(owner.username)}
            aria-current={which === "followers" ? "page" : undefined}
            className="hover:text-primary aria-[current=page]:font-semibold"
          >
            Takipçiler
          </Link>
          <Link
            to={paths.profileFollowing(owner.username)}
            aria-current={which === "following" ? "page" : undefined}
            className="hover:text-primary aria-[current=page]:font-semibold"
          >
            Takip edilenler
          </Link>
        </nav>
      </header>
      {data.people.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {which === "followers" ? "Henüz takipçisi yok." : "Henüz kimseyi takip etmiyor."}
        </p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card">
          {data.people.map((person) => (
            <PersonRow key={person.username} person={person} />
          ))}
        </ul>
      )}
      <nav className="flex justify-between text-sm" aria-label="Sayfalar">
        {page > 1 ? <Link to={href(page - 1)}>Önceki</Link> : <span />}
        {data.more && <Link to={href(page + 1)}>Daha fazla</Link>}
      </nav>
    </div>
  );
}
