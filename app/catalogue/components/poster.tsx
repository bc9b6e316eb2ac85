import { Film } from "lucide-react";
import { useState } from "react";
import { cn } from "~/ui/cn";

/** A poster image with a placeholder when there is none or it fails to load. */
export function Poster({
  src,
  alt,
  className,
}: {
  src: string | null;
  alt: string;
  className?: string;
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
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={cn("aspect-[2/3] w-full bg-muted object-cover", className)}
    />
  );
}
