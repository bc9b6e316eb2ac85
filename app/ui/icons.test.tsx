import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as lucide from "lucide-react";
import { describe, expect, it } from "vitest";
import * as ours from "./icons";

const icons = Object.entries(ours as Record<string, unknown>).filter(
  (entry): entry is [string, ComponentType<ours.IconProps>] => typeof entry[1] === "function",
);

describe("icons", () => {
  it("covers every icon the app uses", () => {
    expect(icons.length).toBeGreaterThanOrEqual(31);
  });

  it.each(icons)("%s writes exactly what Lucide's own component writes", (name, Icon) => {
    const Lucide = (lucide as unknown as Record<string, ComponentType<ours.IconProps>>)[name]!;
    for (const props of [
      { className: "size-4 text-muted-foreground", "aria-hidden": true },
      { className: "size-5", "aria-label": "Kazanan" },
      {},
    ] as const) {
      expect(renderToStaticMarkup(<Icon {...props} />)).toBe(
        renderToStaticMarkup(<Lucide {...props} />),
      );
    }
  });
});
