import { renderToStaticMarkup } from "react-dom/server";
import { Link as RouterLink, MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Link } from "./link";

const render = (element: React.ReactElement) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={["/film/baba-1972-238"]}>{element}</MemoryRouter>,
  );

describe("Link on the server", () => {
  const targets = [
    "/",
    "/film/baba-1972-238",
    "/filmler/dram-18/klasikler",
    "/filmler/dram-18?sayfa=2",
    "/dashboard/liste?tur=film&sayfa=3",
    "/oyuncu/tom-cruise-500#filmografi",
    "/diziler/",
    // Not plain: React Router resolves these, and Link leaves them to it.
    "/filmler/../diziler",
    "/a/./b",
    "//example.com/x",
    "/filmler?",
    "/filmler?#x",
    "/filmler#",
    "/.well-known/x",
    "?sayfa=2",
    "dram-18",
    "https://www.themoviedb.org/",
  ];

  it.each(targets)("writes %s exactly as React Router's Link does", (to) => {
    const props = { className: "card", "aria-label": "Baba" } as const;
    const ours = render(
      <Link to={to} {...props}>
        Baba
      </Link>,
    );
    expect(ours).toBe(
      render(
        <RouterLink to={to} {...props}>
          Baba
        </RouterLink>,
      ),
    );
    expect(ours).toContain("<a ");
  });

  it("needs no router for a plain path: it never runs React Router's hooks there", () => {
    expect(renderToStaticMarkup(<Link to="/film/baba-1972-238">Baba</Link>)).toBe(
      '<a href="/film/baba-1972-238" data-discover="true">Baba</a>',
    );
    expect(() => renderToStaticMarkup(<Link to="/a/../b">x</Link>)).toThrow();
  });

  it("writes the same anchor for navigation options that only matter on a click", () => {
    const options = { replace: true, preventScrollReset: true, state: { from: "x" } };
    expect(
      render(
        <Link to="/filmler/dram-18" {...options} aria-current="true">
          Dram
        </Link>,
      ),
    ).toBe(
      render(
        <RouterLink to="/filmler/dram-18" {...options} aria-current="true">
          Dram
        </RouterLink>,
      ),
    );
    expect(
      render(
        <Link to="/x" discover="none">
          x
        </Link>,
      ),
    ).toBe(
      render(
        <RouterLink to="/x" discover="none">
          x
        </RouterLink>,
      ),
    );
    expect(render(<Link to={{ pathname: "/x", search: "?a=1" }}>x</Link>)).toBe(
      render(<RouterLink to={{ pathname: "/x", search: "?a=1" }}>x</RouterLink>),
    );
  });
});
