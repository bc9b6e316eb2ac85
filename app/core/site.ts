/** Product-wide constants shown in the shell and in metadata. */
export const SITE_NAME = "Perde";
export const SITE_TAGLINE =
  "Türkiye'nin en kapsamlı film ve dizi veritabanı: keşfedin, puanlayın, paylaşın.";
