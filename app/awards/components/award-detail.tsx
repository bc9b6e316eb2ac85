import { Trophy } from "~/ui/icons";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { Link } from "~/ui/link";
import { Breadcrumb } from "~/ui/breadcrumb";
import { cn } from "~/ui/cn";
import { CATEGORY_LABELS } from "../definitions";
import type { AwardPage, Resolved } from "../winners.server";
import { AwardIcon } from "./award-icon";
import { paths } from "~/core/paths";

function Name({ item, className }: { item: Resolved; className?: string }) {
  const label = item.href ? (
    <Link
      to={item.href}
      className={cn(
        "underline decoration-primary/40 underline-offset-4 hover:text-primary",
        className,
      )}
    >
      {item.label}
    </Link>
  ) : (
    <span className={className}>{item.label}</span>
  );
  if (!item.work) return label;
  return (
    <>
      {label}
      <span className="text-muted-foreground"> · </span>
      <Name item={item.work} className="text-muted-foreground" />
    </>
  );
}

/** /oduller/{id}/{year}: the award, its years and the selected year's winners. */
export function AwardDetail({ data }: { data: AwardPage }) {
  const { award } = data;
  const navigate = useNavigate();
  // The URL always names the year shown.
  useEffect(() => {
    if (!data.yearInUrl)
      navigate(paths.award(award.id, data.selectedYear), {
        replace: true,
        preventScrollReset: true,
      });
  }, [data.yearInUrl, data.selectedYear, award.id, navigate]);

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8">
      <Breadcrumb
        items={[
          { label: "Ana Sayfa", to: "/" },
          { label: "Ödüller", to: paths.awards },
          { label: award.name },
        ]}
      />
      <header className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
          <AwardIcon icon={award.icon} className="size-8" />
        </span>
        <div className="space-y-2">
          <h1 className="text-3xl font-black">{award.fullName}</h1>
          <p className="max-w-3xl text-muted-foreground">{award.description}</p>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <li>{award.country}</li>
            <li>
              {award.established} - {award.ended ?? "Günümüz"}
            </li>
            <li>{CATEGORY_LABELS[award.category]}</li>
          </ul>
        </div>
      </header>

      <nav aria-label="Yıllar" className="-mx-4 overflow-x-auto px-4">
        <ul className="flex gap-2 pb-2">
          {data.years.map((year) => (
            <li key={year}>
              <Link
                to={paths.award(award.id, year)}
                replace
                preventScrollReset
                aria-current={year === data.selectedYear ? "page" : undefined}
                className={cn(
                  "block rounded-full border px-3.5 py-1.5 text-sm font-medium",
                  year === data.selectedYear
                    ? "border-primary bg-primary text-primary-foreground"
                    : "hover:bg-muted",
                )}
              >
                {year}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="kazananlar" className="space-y-4">
        <h2 id="kazananlar" className="text-2xl font-bold">
          {data.selectedYear} Kazananları
        </h2>
        {data.categories.length === 0 ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
            {data.selectedYear} yılı için henüz veri bulunmuyor.
          </p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {data.categories.map((category) => (
              <article key={category.title} className="space-y-3 rounded-xl border bg-card p-5">
                <h3 className="text-lg font-bold">{category.title}</h3>
                <p className="flex items-start gap-2 font-semibold">
                  <Trophy className="mt-0.5 size-4 shrink-0 text-yellow-500" aria-label="Kazanan" />
                  <span>
                    <Name item={category.winner} />
                  </span>
                </p>
                {category.nominees.length > 0 && (
                  <div className="space-y-1">
                    <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                      Adaylar
                    </p>
                    <ul className="space-y-1 text-sm">
                      {category.nominees.map((nominee, index) => (
                        <li key={`${nominee.label}-${index}`}>
                          <Name item={nominee} />
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </article>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
