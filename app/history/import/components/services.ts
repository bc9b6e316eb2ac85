/*
 * The services /hesap/ice-aktar names, each with where its export is asked for, in a few Turkish
 * steps. One list: a service added to the import adds its entry here.
 */

export interface ImportService {
  /** The `id` of its disclosure (an anchor), in Turkish letters folded to ASCII. */
  id: string;
  name: string;
  /** What the import takes from it. */
  brings: string;
  /** "Dosyanızı nasıl alırsınız": where on the service the export is requested, step by step. */
  steps: string[];
}

export const IMPORT_SERVICES: ImportService[] = [
  {
    id: "letterboxd",
    name: "Letterboxd",
    brings: "günlüğünüz, puanlarınız, yorumlarınız, izledikleriniz ve izleme listeniz",
    steps: [
      "letterboxd.com'da oturum açın, Settings (Ayarlar) sayfasında Data sekmesini açın.",
      "“Export your data” düğmesine basın; ZIP dosyası hemen iner.",
      "ZIP dosyasını açmadan buraya yükleyin (ya da içindeki diary, ratings, watched, watchlist, reviews CSV dosyalarından birini).",
    ],
  },
  {
    id: "imdb",
    name: "IMDb",
    brings: "puanlarınız, izleme listeniz ya da bir listeniz",
    steps: [
      "imdb.com'da Your Ratings (Puanlarınız) ya da Watchlist sayfanızı açın.",
      "Sayfanın menüsündeki “Export” ile CSV dosyasını isteyin; hazır olunca Exports sayfasından indirin.",
      "CSV dosyasını buraya yükleyin.",
    ],
  },
  {
    id: "tv-time",
    name: "TV Time",
    brings:
      "izlediğiniz bölümler (tarihleriyle), takip ettiğiniz diziler, izlediğiniz ve izleyeceğiniz filmler",
    steps: [
      "TV Time 15 Temmuz 2026'da kapandı; kapanmadan önce veri talebi (GDPR) sayfasından istediğiniz dışa aktarımı bulun: e-postayla gelen bağlantıdan inen ZIP dosyasıdır.",
      "ZIP dosyasını açmadan, adı ne olursa olsun buraya yükleyin: dosyaları sütunlarından tanırız.",
      "Favori dizileriniz Özet'te gösterilir; sizin yerinize hiçbir şey favori yapılmaz.",
    ],
  },
  {
    id: "netflix",
    name: "Netflix",
    brings: "izleme etkinliğiniz (bölümler ve filmler, tarihleriyle) ve Listem",
    steps: [
      "netflix.com'da Hesap → Profiller → profilinizi seçin → “İzleme etkinliği” sayfasını açın.",
      "Sayfanın altındaki “Tümünü indir” ile CSV dosyasını indirip buraya yükleyin.",
      "Ya da Hesap → “Kişisel bilgilerinizi indirin” ile tam arşivi isteyin; e-postayla gelen ZIP dosyasını yükleyin (ViewingActivity.csv, MyList.csv ve Ratings.csv okunur).",
    ],
  },
];
