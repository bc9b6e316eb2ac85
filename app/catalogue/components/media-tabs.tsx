import { Tabs } from "radix-ui";
import { tabTriggerClass } from "~/ui/tabs";
import type { Images, Video } from "../types";
import { useImageUrl } from "./image-base";

/** 'Medya': backdrops, posters and videos, each tab only when it has something. */
export function MediaTabs({ images, videos }: { images: Images; videos: Video[] }) {
  const image = useImageUrl();
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
      <Tabs.Root defaultValue={tabs[0]!.value} className="space-y-4">
        <Tabs.List
          aria-label="Medya"
          className="inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1"
        >
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value} className={tabTriggerClass}>
              {tab.label} ({tab.count})
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="arka-planlar">
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {images.backdrops.map((path) => (
              <li key={path}>
                <img
                  src={image("w500", path) ?? ""}
                  alt=""
                  loading="lazy"
                  className="aspect-video w-full rounded-lg bg-muted object-cover"
                />
              </li>
            ))}
          </ul>
        </Tabs.Content>
        <Tabs.Content value="afisler">
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
            {images.posters.map((path) => (
              <li key={path}>
                <img
                  src={image("w500", path) ?? ""}
                  alt=""
                  loading="lazy"
                  className="aspect-[2/3] w-full rounded-lg bg-muted object-cover"
                />
              </li>
            ))}
          </ul>
        </Tabs.Content>
        <Tabs.Content value="videolar">
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
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
