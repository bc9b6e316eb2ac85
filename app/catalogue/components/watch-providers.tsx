import { ExternalLink } from "~/ui/icons";
import type { WatchProvider, WatchProviders as Providers } from "../types";
import { Section } from "./detail-hero";
import { useImageUrl } from "./image-base";

const GROUPS = [
  { key: "subscription", label: "Abonelik" },
  { key: "free", label: "Ücretsiz" },
  { key: "ads", label: "Reklamlı ücretsiz" },
  { key: "rent", label: "Kirala" },
  { key: "buy", label: "Satın al" },
] as const;

function ProviderList({ label, providers }: { label: string; providers: WatchProvider[] }) {
  const image = useImageUrl();
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-muted-foreground">{label}</h3>
      <ul aria-label={label} className="flex flex-wrap gap-3">
        {providers.map((provider) => {
          const logo = image("w92", provider.logoPath);
          return (
            <li
              key={provider.id}
              className="flex items-center gap-2 rounded-lg border bg-card py-1.5 pr-3 pl-1.5"
            >
              {logo ? (
                <img
                  src={logo}
                  alt=""
                  width={32}
                  height={32}
                  loading="lazy"
                  className="size-8 rounded-md"
                />
              ) : (
                <span aria-hidden className="size-8 rounded-md bg-muted" />
              )}
              <span className="text-sm font-medium">{provider.name}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * "Nerede izlenir?": the offers in Turkey by kind, with the attribution the movie database asks
 * for this data (it comes from JustWatch). Absent when there is nothing for TR.
 */
export function WatchProviders({ providers }: { providers: Providers | null }) {
  if (!providers) return null;
  const groups = GROUPS.filter((group) => (providers[group.key]?.length ?? 0) > 0);
  if (groups.length === 0) return null;
  return (
    <Section id="nerede-izlenir" title="Nerede izlenir?">
      <div className="space-y-4 rounded-xl border p-4 sm:p-5">
        {groups.map((group) => (
          <ProviderList
            key={group.key}
            label={group.label}
            providers={providers[group.key] ?? []}
          />
        ))}
        <p className="text-xs text-muted-foreground">
          Türkiye için izleme seçenekleri{" "}
          <a
            href="https://www.justwatch.com/tr"
            target="_blank"
            rel="noreferrer"
            className="font-medium underline hover:text-primary"
          >
            JustWatch
          </a>{" "}
          verileriyle, film veritabanı aracılığıyla sunulur.
          {providers.link && (
            <>
              {" "}
              <a
                href={providers.link}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 font-medium underline hover:text-primary"
              >
                Tüm seçenekler
                <ExternalLink className="size-3" aria-hidden />
              </a>
            </>
          )}
        </p>
      </div>
    </Section>
  );
}
