import { describe, expect, it } from "vitest";
import { createFlash } from "./flash.server";
import { answer, refusedWith, safeReturnTo } from "./form-answer.server";

const services = {
  flash: createFlash({ secret: "a-test-secret-that-is-long-enough-123", secure: false }),
};

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

describe("answer", () => {
  it("is data for a fetcher, 400 when refused, with the extra fields a domain adds", () => {
    const ok = answer(services, formOf({ js: "1" }), {
      ok: true,
      message: "Eklendi",
      inList: true,
    });
    const refused = answer(services, formOf({ js: "1" }), { ok: false, message: "Olmadı" });
    expect(ok).not.toBeInstanceOf(Promise);
    expect(ok).toMatchObject({
      data: { ok: true, message: "Eklendi", inList: true },
      init: { status: 200 },
    });
    expect(refused).toMatchObject({
      data: { ok: false, message: "Olmadı" },
      init: { status: 400 },
    });
  });

  it("without JavaScript, goes back to the form's own path, or to the return address given", async () => {
    const back = await answer(services, formOf({ returnTo: "/film/x" }), {
      ok: true,
      message: "Tamam",
    });
    expect((back as Response).headers.get("location")).toBe("/film/x");
    const offSite = await answer(services, formOf({ returnTo: "//evil.example/" }), {
      ok: true,
      message: "Tamam",
    });
    expect((offSite as Response).headers.get("location")).toBe("/");
    const given = await answer(
      services,
      formOf({ returnTo: "/film/x" }),
      { ok: true, message: "Tamam" },
      "/liste",
    );
    expect((given as Response).headers.get("location")).toBe("/liste");
  });
});

describe("refusedWith", () => {
  it("answers 400 with what was typed in the named fields only", () => {
    const refused = refusedWith(
      formOf({ name: "ab", secret: "x" }),
      ["name", "description"],
      "Kısa",
    );
    expect(refused).toMatchObject({
      data: { ok: false, message: "Kısa", fields: { name: "ab" } },
      init: { status: 400 },
    });
  });
});

describe("safeReturnTo", () => {
  it.each([
    "/\n/x",
    "/\t/evil.example/",
    "//evil.example/",
    "/\\evil.example",
    "https://evil.example/",
    5,
  ])("refuses %j", (value) => expect(safeReturnTo(value)).toBe("/"));
  it("keeps a plain path of this site", () => {
    expect(safeReturnTo("/ara?q=%C4%B1s%C4%B1k")).toBe("/ara?q=%C4%B1s%C4%B1k");
  });
});
