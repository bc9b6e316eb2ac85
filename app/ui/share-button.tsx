import { useEffect, useId, useRef, useState, type MouseEvent } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { Copy, Share2 } from "./icons";
import { useHydrated } from "./use-hydrated";

/*
 * "Paylaş" (issue 34.5, decision 028): a <details> whose panel holds the address in a read-only
 * field and links to WhatsApp, X and e-mail, so it works before and without JavaScript. Once
 * hydrated, a tap opens the device's own share sheet (the Web Share API) or, where there is none,
 * copies the address and says so; the panel is what is left when both fail. No dependency
 * beyond React and two icons: it sits on anonymous pages with a JavaScript budget.
 */

const COPIED = "Bağlantı kopyalandı";
const NOT_COPIED = "Bağlantı kopyalanamadı; lütfen alandan seçip kopyalayın";

/** An absolute address on the site (the root loader's `siteUrl`), as it is shared. */
function useAbsolute(pathOrUrl: string): string {
  const root = useRouteLoaderData("root") as { siteUrl?: string } | undefined;
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${root?.siteUrl ?? ""}${pathOrUrl}`;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function ShareButton({
  title,
  text,
  path,
  label = "Paylaş",
  className,
}: {
  /** What the share sheet shows as the title (the page's name). */
  title: string;
  /** A line sent with the link. */
  text?: string;
  /** What is shared: a path of the site or an absolute URL; the page's own path by default. */
  path?: string;
  label?: string;
  className?: string;
}) {
  const location = useLocation();
  const url = useAbsolute(path ?? location.pathname);
  const id = useId();
  const details = useRef<HTMLDetailsElement>(null);
  const [status, setStatus] = useState("");
  const hydrated = useHydrated();
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(""), 4000);
    return () => clearTimeout(timer);
  }, [status]);

  const copy = async () => setStatus((await copyText(url)) ? COPIED : NOT_COPIED);

  const onToggleClick = async (event: MouseEvent) => {
    // Closing the panel, or no API to use: the <details> does what it does without JavaScript.
    if (details.current?.open) return;
    if (typeof navigator.share === "function") {
      event.preventDefault();
      try {
        await navigator.share(text ? { title, text, url } : { title, url });
      } catch (error) {
        // The person closed the sheet: nothing to say. Anything else: the panel.
        if ((error as Error).name !== "AbortError" && details.current) details.current.open = true;
      }
      return;
    }
    if (typeof navigator.clipboard?.writeText !== "function") return;
    event.preventDefault();
    if (await copyText(url)) setStatus(COPIED);
    else {
      setStatus(NOT_COPIED);
      if (details.current) details.current.open = true;
    }
  };

  const message = text ? `${text} ${url}` : url;
  const links = [
    { name: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(message)}` },
    {
      name: "X",
      href: `https://x.com/intent/post?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text ?? title)}`,
    },
    {
      name: "E-posta",
      href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(message)}`,
    },
  ];

  return (
    <div className={`inline-flex flex-wrap items-start gap-2 ${className ?? ""}`}>
      <details ref={details} className="group">
        <summary
          onClick={(event) => void onToggleClick(event)}
          className="inline-flex h-10 cursor-pointer list-none items-center gap-1.5 rounded-lg border px-4 text-sm font-medium hover:bg-muted [&::-webkit-details-marker]:hidden"
        >
          <Share2 className="size-4" aria-hidden />
          {label}
        </summary>
        <div className="mt-2 w-[min(22rem,calc(100vw-2rem))] space-y-2 rounded-lg border bg-card p-3 text-card-foreground shadow-lg">
          <label htmlFor={`${id}-url`} className="block text-sm font-medium">
            Sayfanın bağlantısı
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-url`}
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="h-9 w-full min-w-0 rounded-md border bg-background px-2 font-mono text-xs"
            />
            {hydrated && (
              <button
                type="button"
                onClick={() => void copy()}
                className="inline-flex h-9 shrink-0 items-center gap-1 rounded-md bg-secondary px-3 text-sm text-secondary-foreground hover:bg-muted"
              >
                <Copy className="size-4" aria-hidden />
                Kopyala
              </button>
            )}
          </div>
          <p className="text-xs text-muted-foreground">
            Bağlantıyı kopyalayıp istediğiniz yerde paylaşabilirsiniz ya da şununla gönderin:
          </p>
          <ul className="flex flex-wrap gap-3 text-sm">
            {links.map((link) => (
              <li key={link.name}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-primary underline-offset-2 hover:underline"
                >
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </details>
      <span role="status" aria-live="polite" className="self-center text-sm text-muted-foreground">
        {status}
      </span>
    </div>
  );
}
