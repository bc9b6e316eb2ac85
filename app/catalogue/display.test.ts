import { describe, expect, it } from "vitest";
import { episodeHeading, episodeListTitle, ownEpisodeName } from "./display";

describe("an episode's name", () => {
  it("is said once when the episode has none of its own", () => {
    expect(episodeHeading(1, "Bölüm 1")).toBe("1. Bölüm");
    expect(episodeHeading(3, "Episode 3")).toBe("3. Bölüm");
    expect(episodeHeading(2, "")).toBe("2. Bölüm");
    expect(episodeListTitle(1, "Bölüm 1")).toBe("1. Bölüm");
    expect(ownEpisodeName("Bölüm 12")).toBeNull();
  });

  it("follows the number when it has one", () => {
    expect(episodeHeading(1, "Pilot")).toBe("1. Bölüm: Pilot");
    expect(episodeListTitle(1, "Pilot")).toBe("1. Pilot");
    expect(ownEpisodeName("Bölümün Sonu")).toBe("Bölümün Sonu");
  });
});
