/**
 * Small Turkish pages the server sends by itself, before React Router runs (a body too large, a
 * malformed request, an outage of a service): plain HTML that needs no script, never cached.
 */
const escape = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

export function statusPageHtml(title: string, message: string): string {
  return `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)} | Perde</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:6rem auto;padding:0 1rem;text-align:center;color-scheme:light dark}a{color:inherit}</style>
</head><body><h1>${escape(title)}</h1><p>${escape(message)}</p><p><a href="/">Ana Sayfaya Dön</a></p></body></html>`;
}

export const STATUS_TEXTS = {
  tooLarge: {
    title: "Gönderilen veri çok büyük",
    message:
      "Formla gönderilen veri izin verilen boyutu aşıyor. Lütfen daha kısa bir metinle yeniden deneyin.",
  },
  fileTooLarge: {
    title: "Dosya çok büyük",
    message:
      "Yüklenen dosya 10 MB sınırını aşıyor. Hiçbir şey içe aktarılmadı. Lütfen daha küçük bir dosya deneyin.",
  },
  lengthRequired: {
    title: "İstek okunamadı",
    message:
      "Formun boyutu belirtilmediği için istek okunamadı. Lütfen sayfayı yenileyip yeniden deneyin.",
  },
  badRequest: {
    title: "İstek okunamadı",
    message: "Gönderilen istek geçerli değil. Lütfen adresi kontrol edip yeniden deneyin.",
  },
  unavailable: {
    title: "Bir sorun oluştu",
    message: "Şu anda bu sayfayı gösteremiyoruz. Lütfen biraz sonra yeniden deneyin.",
  },
} as const;
