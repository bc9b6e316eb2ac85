import { Disclosure } from "~/ui/disclosure";
import type { Images, Video } from "../types";
import { useImageUrl } from "./image-base";

/**
 * 'Medya': backdrops, posters and videos, each only when it has something: native disclosures,
 * one open at a time, the first open (decision 026).
 */
export function MediaTabs({ images, videos }: { images: Images; videos: Video[] }) {
  const tabs = [
    { value: "arka-planlar", label: "Arka Planlar", count: images.backdrops.length },
    { value: "afisler", label: "Afişler", count: images.posters.length },
    { value: "videolar", label: "Videolar", count: videos.length },
  ].filter((tab) => tab.count > 0);
  if (tabs.length === 0) return null;
  return (
    <section aria-labelledby="medya" className="space-y-4">
      <h2 id="medya" className="text-2xl font-bold">
        Medya
      </h2>
      <div className="space-y-3">
        {tabs.map((tab, index) => (
          <Disclosure
            key={tab.value}
            group="medya"
            open={index === 0}
            summary={`${tab.label} (${tab.count})`}
          >
            {tab.value === "arka-planlar" && (
              <ImageGrid
                paths={images.backdrops}
                grid="grid-cols-1 sm:grid-cols-2 lg:grid-cols-3"
                shape="aspect-video"
              />
            )}
            {tab.value === "afisler" && (
              <ImageGrid
                paths={images.posters}
                grid="grid-cols-3 sm:grid-cols-4 lg:grid-cols-6"
                shape="aspect-[2/3]"
              />
            )}
            {tab.value === "videolar" && (
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                {videos.map((video) => (
                  <li key={video.id} className="space-y-1">
                    <iframe
                      src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.key)}`}
                      title={video.name}
                      loading="lazy"
                      allow="encrypted-media; picture-in-picture; fullscreen"
                      allowFullScreen
                      className="aspect-video w-full rounded-lg bg-black"
                    />
                    <p className="text-sm text-muted-foreground">{video.name}</p>
                  </li>
                ))}
              </ul>
            )}
          </Disclosure>
        ))}
      </div>
    </section>
  );
}

/** A grid of the title's pictures (backdrops or posters), each loaded when it comes near. */
function ImageGrid({ paths, grid, shape }: { paths: string[]; grid: string; shape: string }) {
  const image = useImageUrl();
  return (
    <ul className={`grid gap-3 ${grid}`}>
      {paths.map((path) => (
        <li key={path}>
          <img
            src={image("w500", path) ?? ""}
            alt=""
            loading="lazy"
            className={`${shape} w-full rounded-lg bg-muted object-cover`}
          />
        </li>
      ))}
    </ul>
  );
}
