import { describe, expect, it } from "vitest";
import { usernameKey } from "~/core/paths";
import { usernameSchema } from "./schemas";

const check = (username: string) => {
  const parsed = usernameSchema.safeParse({ username });
  return parsed.success ? parsed.data.username : parsed.error.issues[0]!.message;
};

describe("usernameSchema", () => {
  it("accepts Latin and Turkish letters, digits, _ and ., trimmed", () => {
    expect(check("  Çağrı_Öztürk.86 ")).toBe("Çağrı_Öztürk.86");
    expect(usernameKey("Çağrı_Öztürk.86")).toBe("cagri_ozturk.86");
    expect(usernameKey("İLKER.IŞIK")).toBe("ilker.isik");
  });

  it("reads a letter typed with a combining accent as the letter itself", () => {
    const decomposed = "Ays\u0327e";
    expect(check(decomposed)).toBe("Ayşe");
    expect(usernameKey(check(decomposed))).toBe("ayse");
  });

  it("counts characters, not bytes, for the length rules", () => {
    expect(check("ığü")).toBe("ığü");
    expect(check("ş".repeat(30))).toBe("ş".repeat(30));
    expect(check("ş".repeat(31))).toBe("Kullanıcı adı en fazla 30 karakter olabilir");
  });

  it("refuses what the address could not hold or could pass for the site", () => {
    expect(check("ayşe/k")).toMatch(/yalnızca harf, rakam/);
    expect(check("ayşe%20")).toMatch(/yalnızca harf, rakam/);
    expect(check("_._")).toMatch(/en az bir harf ya da rakam/);
    for (const reserved of ["DASHBOARD", "Api", "liste_ler", "TAKVİM", "Yönetim", "dEsTeK"])
      expect(check(reserved), reserved).toBe(
        "Bu kullanıcı adı kullanılamaz, lütfen başka bir ad seçin",
      );
    expect(check({} as unknown as string)).toBe("Bir kullanıcı adı yazın");
  });
});

describe("usernames that would pass for another (issue 32)", () => {
  it("refuses punctuation at either end or two marks in a row", () => {
    const message =
      "Kullanıcı adı harf ya da rakamla başlayıp bitmeli; alt çizgi (_) ve nokta (.) yan yana gelemez";
    for (const lookalike of ["ayse.", "ayse_", "_ayse", ".ayse", "ay..se", "ay._se", "ay__se"])
      expect(check(lookalike), lookalike).toBe(message);
    for (const fine of ["ayse", "ay.se", "a_y.s_e", "ayse86", "Çağrı_Öztürk.86"])
      expect(check(fine), fine).toBe(fine);
  });
});
