import { Film } from "~/ui/icons";
import { useState } from "react";
import { cn } from "~/ui/cn";

/**
 * A poster image with a placeholder when there is none or it fails to load. `priority`: the
 * page's likely largest image (LCP), loaded at once and first; the others wait to be near view.
 */
export function Poster({
  src,
  alt,
  className,
  priority = false,
}: {
  src: string | null;
  alt: string;
  className?: string;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={cn(
          "flex aspect-[2/3] items-center justify-center bg-muted text-muted-foreground",
          className,
        )}
      >
        <Film className="size-10" aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={200}
      height={300}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "sync" : "async"}
      onError={() => setFailed(true)}
      className={cn("aspect-[2/3] w-full bg-muted object-cover", className)}
    />
  );
}
