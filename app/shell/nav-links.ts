import { paths } from "~/core/paths";
/** The main sections, in the nav bar, the phone menu and the footer. */
export const NAV_LINKS = [
  { to: paths.section("movie"), label: "Filmler" },
  { to: paths.section("tv"), label: "Diziler" },
  { to: paths.cinema, label: "Vizyonda" },
  { to: paths.people(), label: "Oyuncular" },
  { to: paths.awards, label: "Ödüller" },
] as const;
