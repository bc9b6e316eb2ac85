/** Product-wide constants shown in the shell and in metadata. */
export const SITE_NAME = "Perde";
export const SITE_TAGLINE =
  "Türkiye'nin en kapsamlı film ve dizi veritabanı: puanla, keşfet, paylaş.";
export const COPYRIGHT_YEAR = 2025;

export const NAV_LINKS = [
  { to: "/filmler", label: "Filmler" },
  { to: "/diziler", label: "Diziler" },
  { to: "/oyuncular", label: "Oyuncular" },
  { to: "/oduller", label: "Ödüller" },
] as const;
