import { describe, expect, it } from "vitest";
import { readPendingIntent, returnPath, writePendingIntent } from "./return-path";
import { paths } from "./paths";

describe("the path a sign-in comes back to", () => {
  it("keeps a plain path on this site, with its query and fragment", () => {
    for (const path of [
      "/",
      "/film/550-dovus-kulubu",
      "/dizi/1396/sezon/1?sayfa=2#bolum-3",
      "/ara?q=k%C4%B1%C5%9F%20uykusu",
      "/dashboard",
    ])
      expect(returnPath(path)).toBe(path);
  });

  it("refuses every way out to another site, and the sign-in and sign-out pages", () => {
    const attacks = [
      "//evil.example",
      "//evil.example/film/1",
      "/\\evil.example",
      "\\\\evil.example",
      "/film\\..\\..\\evil",
      "https://evil.example/",
      "http:evil.example",
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "evil.example",
      "film/550",
      "/\t/evil.example",
      "/\n/evil.example",
      "/%0d%0aSet-Cookie: a=b".replace("%0d%0a", "\r\n"),
      " /film/550",
      "/film/550 ",
      "/fílm",
      "/" + "a".repeat(2048),
      "",
      "/auth",
      "/auth?donus=/auth",
      "/AUTH/iki-adim",
      "/cikis",
    ];
    for (const attack of attacks) expect(returnPath(attack), JSON.stringify(attack)).toBeNull();
    for (const notText of [null, undefined, 42, ["/film/550"], { toString: () => "/" }])
      expect(returnPath(notText)).toBeNull();
  });

  it("keeps pages whose name only starts like the sign-in page's", () => {
    expect(returnPath("/authors")).toBe("/authors");
    expect(returnPath("/cikislar")).toBe("/cikislar");
  });

  it("reads back only the intents it writes", () => {
    const intent = { kind: "watchlist-add", item: { type: "movie", id: 550 } } as const;
    expect(readPendingIntent(writePendingIntent(intent))).toEqual(intent);
    expect(readPendingIntent("izleme-listesi:tv:1396")).toEqual({
      kind: "watchlist-add",
      item: { type: "tv", id: 1396 },
    });
    for (const junk of [
      "izleme-listesi:person:1",
      "izleme-listesi:movie:0",
      "izleme-listesi:movie:-5",
      "izleme-listesi:movie:2147483648",
      "izleme-listesi:movie:550 ",
      "izleme-listesi:movie:550:extra",
      "sil:movie:550",
      "",
      null,
    ])
      expect(readPendingIntent(junk), String(junk)).toBeNull();
  });

  it("is carried by the sign-in page's address, encoded", () => {
    expect(paths.authReturningTo("/film/550?a=1&b=2#x", "izleme-listesi:movie:550")).toBe(
      "/auth?donus=%2Ffilm%2F550%3Fa%3D1%26b%3D2%23x&istek=izleme-listesi%3Amovie%3A550",
    );
    expect(paths.authReturningTo("/", null, "kayit")).toBe("/auth?sekme=kayit&donus=%2F");
  });
});
