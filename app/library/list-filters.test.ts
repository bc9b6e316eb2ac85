import { describe, expect, it } from "vitest";
import { listHref, listQuery } from "./list-filters";
import { statusFromSlug } from "./statuses";

const parse = (query: string) => listQuery.parse(Object.fromEntries(new URLSearchParams(query)));

describe("the list page's URL", () => {
  it("leaves defaults out and reads every state it writes back", () => {
    expect(
      listHref({ shelf: "to-watch", status: undefined, kind: undefined, sort: "eklenme" }),
    ).toBe("/dashboard/liste");
    expect(
      listHref({ shelf: "watched", status: undefined, kind: "film", sort: "eklenme" }, 2),
    ).toBe("/dashboard/izlediklerim?tur=film&sayfa=2");
    const href = listHref(
      { shelf: "to-watch", status: "izliyorum", kind: "dizi", sort: "baslik" },
      3,
    );
    expect(href).toBe("/dashboard/liste?durum=izliyorum&tur=dizi&sirala=baslik&sayfa=3");
    expect(parse(href.split("?")[1]!)).toEqual({
      durum: "izliyorum",
      tur: "dizi",
      sirala: "baslik",
      sayfa: 3,
    });
    expect(statusFromSlug("izliyorum")).toBe("watching");
    expect(statusFromSlug("izledim")).toBe("watched");
  });

  it("falls back to the defaults for anything it does not know", () => {
    expect(parse("durum=completed&tur=kisi&sirala=rastgele&sayfa=-2")).toEqual({
      durum: undefined,
      tur: undefined,
      sirala: "eklenme",
      sayfa: 1,
    });
    expect(statusFromSlug("completed")).toBeUndefined();
  });
});
