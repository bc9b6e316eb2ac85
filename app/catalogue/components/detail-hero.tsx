import { ArrowLeft } from "~/ui/icons";
import type { ReactNode } from "react";
import { Link } from "~/ui/link";
import { Poster } from "./poster";

/** The top of film, series and person pages: backdrop, poster, title, facts and actions. */
export function DetailHero({
  backdrop,
  poster,
  title,
  back,
  children,
}: {
  backdrop: string | null;
  poster: string | null;
  title: string;
  back: { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden border-b">
      {backdrop && (
        <img
          src={backdrop}
          alt=""
          aria-hidden
          className="absolute inset-0 -z-20 size-full object-cover opacity-30"
        />
      )}
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-background via-background/85 to-background/40" />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:py-10">
        <Link
          to={back.to}
          className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {back.label}
        </Link>
        <div className="flex flex-col gap-6 sm:flex-row sm:items-end">
          <Poster
            priority
            src={poster}
            alt={title}
            className="w-40 shrink-0 rounded-xl shadow-2xl ring-1 ring-white/10 sm:w-56"
          />
          <div className="min-w-0 space-y-4">
            <h1 className="text-3xl leading-tight font-black tracking-tight sm:text-5xl">
              {title}
            </h1>
            {children}
          </div>
        </div>
      </div>
    </section>
  );
}

/** A row of small facts (rating, date, runtime…) separated by dots. */
export function Facts({ items }: { items: (ReactNode | null | false | undefined)[] }) {
  const shown = items.filter(Boolean);
  return (
    <ul className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
      {shown.map((item, index) => (
        <li key={index} className="flex items-center gap-3">
          {index > 0 && <span aria-hidden>•</span>}
          {item}
        </li>
      ))}
    </ul>
  );
}

export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    // Laid out and painted only when it nears the screen: the hero paints sooner.
    <section
      aria-labelledby={id}
      className="space-y-4 [contain-intrinsic-size:auto_600px] [content-visibility:auto]"
    >
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
